package dev.loupe.tool.forensic.resampling;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.OutlierRegions;
import dev.loupe.tool.forensic.region.PixelBox;

import java.util.List;
import java.util.Locale;

/** What the periodicity map says: the whole picture resampled, a region resampled, or neither. */
final class ResamplingFindings {

    /**
     * Fewest textured tiles to judge: on the development set, pictures of fewer tiles (640×480 and
     * smaller) gave their mean spectrum chance peaks up to 15 times the median; with 48 or more, the
     * camera originals peaked at 2.3–3.6, but one whose camera had itself interpolated (Xiaomi Mi A3,
     * 24) and the re-saves and careful forgeries (of 80% and down) the same.
     */
    static final int MIN_TEXTURED = 48;
    /** A tile whose neighbourhood's mean spectrum peaks this many times its local median has a period. */
    static final double TILE_PEAK = 8;
    /** The mean spectrum of all textured tiles: a peak this strong is a period the whole picture shares. */
    static final double GLOBAL_PEAK = 5;
    /** A region needs this many tiles with a period, connected, and at most this share of the textured tiles. */
    static final int MIN_REGION_TILES = 4;
    static final double MAX_REGION_SHARE = 0.4;
    /** The region's own mean spectrum must peak this strongly. */
    static final double REGION_PEAK = 8;

    private ResamplingFindings() {
    }

    /** One axis' strongest period in a mean spectrum. */
    record Period(int bin, double strength) {

        static Period of(float[] spectrum) {
            int k = ProfileSpectrum.peak(spectrum);
            return new Period(k, spectrum[k]);
        }

        /** Cycles per pixel. */
        double frequency() {
            return (double) bin / ProfileSpectrum.LENGTH;
        }

        /** The two scale factors nearest 1 that leave this frequency: 1/(1 + f) and 1/(1 − f). */
        String scales() {
            double f = frequency();
            return String.format(Locale.ROOT, "%.0f%% or %.0f%%", 100 / (1 + f), 100 / (1 - f));
        }
    }

    /** The reading of one map: the whole picture's periods, the tiles' scores and the region found. */
    record Reading(Period across, Period down, int textured, float[] tileScores, int tilesWithPeriod,
                   OutlierRegion region, Period regionAcross, Period regionDown, int cellPixels) {

        Period strongest() {
            return across.strength >= down.strength ? across : down;
        }

        boolean resampled() {
            return strongest().strength >= GLOBAL_PEAK;
        }

        boolean regionResampled() {
            return region != null && region.blocks() >= MIN_REGION_TILES && region.blocks() <= MAX_REGION_SHARE * textured
                    && Math.max(regionAcross.strength, regionDown.strength) >= REGION_PEAK;
        }

        void writeTo(ObjectNode data) {
            data.put("tiles", tileScores.length).put("textured_tiles", textured).put("tile_pixels", ProfileSpectrum.LENGTH)
                    .put("cell_pixels", cellPixels).put("tiles_with_period", tilesWithPeriod);
            data.putObject("across").put("frequency", round(across.frequency())).put("strength", round(across.strength));
            data.putObject("down").put("frequency", round(down.frequency())).put("strength", round(down.strength));
            if (region != null) {
                ObjectNode node = data.putObject("largest_region");
                new PixelBox(region.x(), region.y(), region.width(), region.height()).writeTo(node);
                node.put("tiles", region.blocks()).put("strength_across", round(regionAcross.strength))
                        .put("strength_down", round(regionDown.strength));
            }
        }

        List<Finding> findings() {
            if (resampled()) {
                Period p = strongest();
                return List.of(new Finding("resampled", String.format(Locale.ROOT, "The whole picture was resampled "
                                + "after capture: interpolation left a period of %.2f pixels %s (%.1f times the spectrum's median "
                                + "over %d tiles), as scaling to about %s leaves.", 1 / p.frequency(),
                        p == across ? "across" : "down", p.strength, textured, p.scales())));
            }
            if (regionResampled()) {
                Period p = regionAcross.strength >= regionDown.strength ? regionAcross : regionDown;
                PixelBox box = new PixelBox(region.x(), region.y(), region.width(), region.height());
                return List.of(new Finding("resampled_region", String.format(Locale.ROOT, "A region of %s (%d tiles, "
                                + "%.1f%% of the picture) was resampled and the rest was not: a period of %.2f pixels "
                                + "(%.1f times the median), as a pasted region scaled to about %s leaves.", box,
                        region.blocks(), 100.0 * region.blocks() / tileScores.length, 1 / p.frequency(), p.strength,
                        p.scales())));
            }
            return List.of(new Finding("no_resampling", String.format(Locale.ROOT, "No interpolation period outside "
                    + "the JPEG grid's: strongest %.1f times the median over %d tiles, %d tiles with a period of their own.",
                    strongest().strength, textured, tilesWithPeriod)));
        }
    }

    static Reading read(PeriodicityMap map) {
        int cells = map.grid().cells();
        float[] scores = new float[cells];
        int withPeriod = 0;
        var grid = map.grid();
        for (int cell = 0; cell < cells; cell++) {
            if (!map.textured()[cell]) {
                scores[cell] = Float.NaN;
                continue;
            }
            // a tile's own spectrum is noisy: its score is the peak of its 3×3 neighbourhood's mean spectrum
            boolean[] near = new boolean[cells];
            int row = cell / grid.columns();
            int column = cell % grid.columns();
            for (int r = Math.max(0, row - 1); r <= Math.min(grid.rows() - 1, row + 1); r++) {
                for (int c = Math.max(0, column - 1); c <= Math.min(grid.columns() - 1, column + 1); c++) {
                    near[r * grid.columns() + c] = true;
                }
            }
            float best = 0;
            for (int axis = 0; axis < 2; axis++) {
                float[] s = map.mean(axis, near);
                best = Math.max(best, s[ProfileSpectrum.peak(s)]);
            }
            scores[cell] = best;
            withPeriod += best >= TILE_PEAK ? 1 : 0;
        }
        float[] meanAcross = map.mean(0, null);
        float[] meanDown = map.mean(1, null);
        Period across = Period.of(meanAcross);
        Period down = Period.of(meanDown);
        List<OutlierRegion> regions = OutlierRegions.find(map.grid().map(scores), TILE_PEAK);
        OutlierRegion region = regions.isEmpty() ? null : regions.get(0);
        Period regionAcross = new Period(0, 0);
        Period regionDown = new Period(0, 0);
        if (region != null) {
            boolean[] inside = inside(map, region);
            regionAcross = Period.of(map.mean(0, inside));
            regionDown = Period.of(map.mean(1, inside));
        }
        return new Reading(across, down, map.texturedCount(), scores, withPeriod, region, regionAcross, regionDown,
                map.grid().cellWidth());
    }

    private static boolean[] inside(PeriodicityMap map, OutlierRegion region) {
        var grid = map.grid();
        boolean[] inside = new boolean[grid.cells()];
        for (int r = 0; r < grid.rows(); r++) {
            for (int c = 0; c < grid.columns(); c++) {
                int x = c * grid.cellWidth();
                int y = r * grid.cellHeight();
                inside[r * grid.columns() + c] = x >= region.x() && x < region.x() + region.width()
                        && y >= region.y() && y < region.y() + region.height();
            }
        }
        return inside;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
