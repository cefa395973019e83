package dev.loupe.tool.forensic.filtering;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.OutlierRegions;
import dev.loupe.tool.forensic.noise.Quantile;
import dev.loupe.tool.forensic.region.PixelBox;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the tiles say: a smoothed region, a contrast-enhanced histogram, or neither. Median filtering's
 * streaks are measured ({@code streaking}) but not judged: after a camera-quality JPEG save a
 * median-filtered region kept no more runs of equal levels than a box-filtered one.
 */
final class FilteringFindings {

    /** A tile whose coarse detail is below this (levels between pixels two apart) is flat: nothing to smooth. */
    static final float MIN_COARSE = 3f;
    /** Fewest textured tiles to judge. */
    static final int MIN_TEXTURED = 24;
    /** A tile is smoother than the picture when its fine/coarse ratio is this many times below the median. */
    static final double SMOOTHER = 2.0;
    /**
     * A smoothed region needs this many tiles, filling {@link #MIN_FILL} of its box, and at most a share of
     * the textured tiles with a mean smoothness of at least a threshold, both from {@link RegionLimits}.
     */
    static final int MIN_REGION_TILES = 6;
    static final double MIN_FILL = 0.4;
    /**
     * Empty levels inside the green histogram's range from which a curve or stretch is read: the
     * development set's camera originals (all JPEG, where compression fills a curve's gaps) left at most
     * 37 (Stamm and Liu's high-frequency energy, reported beside it, reached 0.057 on originals and
     * 0.032 on the tests' stretched PNG, so it does not decide).
     */
    static final int CONTRAST_GAPS = 48;

    private FilteringFindings() {
    }

    record Reading(int textured, float[] smoothness, double medianRatio, double medianStreaking, OutlierRegion region,
                   double regionSmoothness, double regionStreaking, double histogramEnergy, int gaps, int tiles,
                   RegionLimits limits, int width, int height) {

        boolean smoothedRegion() {
            return smoothEnough() && !bandSetAside();
        }

        /** A region that would be a smoothed one were it not a band across the frame ({@link RegionLimits#band}). */
        boolean bandSetAside() {
            return smoothEnough() && RegionLimits.band(box(), width, height);
        }

        private boolean smoothEnough() {
            return region != null && region.blocks() >= MIN_REGION_TILES && region.blocks() <= limits.share() * textured
                    && region.fill() >= MIN_FILL && regionSmoothness >= limits.smoothness();
        }

        void writeTo(ObjectNode data) {
            data.put("tiles", tiles).put("textured_tiles", textured).put("median_fine_to_coarse", round(medianRatio))
                    .put("median_streaking", round(medianStreaking)).put("histogram_energy", round(histogramEnergy))
                    .put("histogram_gaps", gaps);
            if (region != null) {
                ObjectNode node = data.putObject("largest_region");
                box().writeTo(node);
                node.put("tiles", region.blocks()).put("fill", round(region.fill()))
                        .put("smoothness", round(regionSmoothness)).put("streaking", round(regionStreaking));
                if (bandSetAside()) {
                    node.put("set_aside", "band across the frame");
                }
            }
        }

        PixelBox box() {
            return new PixelBox(region.x(), region.y(), region.width(), region.height());
        }

        List<Finding> findings() {
            List<Finding> findings = new ArrayList<>();
            if (smoothedRegion()) {
                findings.add(new Finding("smoothed_region", String.format(Locale.ROOT, "A region of %s (%d tiles) "
                        + "keeps %.1f times less fine detail against its coarser structure than the rest of the picture: "
                        + "it was smoothed after capture (a median or blur retouch, or a pasted area blurred to blend in).",
                        box(), region.blocks(), regionSmoothness)));
            }
            if (gaps >= CONTRAST_GAPS) {
                findings.add(new Finding("contrast_enhanced", String.format(Locale.ROOT, "The green channel's histogram has "
                        + "the regular peaks and gaps of a tone curve or stretch applied after capture (high-frequency "
                        + "energy %.3f, %d empty levels inside its range).", histogramEnergy, gaps)));
            }
            if (findings.isEmpty() && bandSetAside()) {
                findings.add(new Finding("no_filter_traces", String.format(Locale.ROOT, "No local region was "
                        + "smoothed: the smoothest, %s (%d tiles, %.1f times smoother than the picture), is a band across "
                        + "the frame, as processing the whole picture leaves on a sky or a blurred edge; the histogram is "
                        + "smooth (energy %.3f).", box(), region.blocks(), regionSmoothness, histogramEnergy)));
            }
            if (findings.isEmpty()) {
                findings.add(new Finding("no_filter_traces", String.format(Locale.ROOT, "Fine detail is consistent "
                        + "across %d textured tiles and the histogram is smooth (energy %.3f).", textured, histogramEnergy)));
            }
            return findings;
        }
    }

    static Reading read(TileTexture texture, long[] histogram) {
        int cells = texture.grid().cells();
        float[] ratios = new float[cells];
        float[] textured = new float[cells];
        float[] streaks = new float[cells];
        int n = 0;
        for (int cell = 0; cell < cells; cell++) {
            if (texture.coarse()[cell] >= MIN_COARSE) {
                ratios[n] = texture.fine()[cell] / texture.coarse()[cell];
                streaks[n] = texture.streaking()[cell];
                n++;
            }
        }
        double median = n == 0 ? Double.NaN : Quantile.of(ratios, n, 0.5);
        double medianStreak = n == 0 ? Double.NaN : Quantile.of(streaks, n, 0.5);
        float[] smoothness = new float[cells];
        for (int cell = 0; cell < cells; cell++) {
            smoothness[cell] = texture.coarse()[cell] < MIN_COARSE ? Float.NaN
                    : (float) (median / Math.max(1e-3, texture.fine()[cell] / texture.coarse()[cell]));
        }
        List<OutlierRegion> regions = OutlierRegions.find(texture.grid().map(smoothness), SMOOTHER);
        OutlierRegion region = regions.isEmpty() ? null : regions.get(0);
        double regionSmooth = 0;
        double regionStreak = 0;
        if (region != null) {
            int count = 0;
            for (int cell = 0; cell < cells; cell++) {
                if (smoothness[cell] > SMOOTHER && inside(texture, cell, region)) {
                    regionSmooth += smoothness[cell];
                    regionStreak += texture.streaking()[cell];
                    count++;
                }
            }
            regionSmooth /= Math.max(1, count);
            regionStreak /= Math.max(1, count);
        }
        return new Reading(n, smoothness, median, medianStreak, region, regionSmooth, regionStreak,
                HistogramTraces.highFrequencyEnergy(histogram), HistogramTraces.gaps(histogram), cells,
                RegionLimits.forTile(texture.grid().tile()), texture.grid().width(), texture.grid().height());
    }

    private static boolean inside(TileTexture texture, int cell, OutlierRegion region) {
        var grid = texture.grid();
        int x = (cell % grid.columns()) * grid.cellWidth();
        int y = (cell / grid.columns()) * grid.cellHeight();
        return x >= region.x() && x < region.x() + region.width() && y >= region.y() && y < region.y() + region.height();
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
