package dev.loupe.tool.forensic.adq;

import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.PixelBox;

import java.util.Locale;
import java.util.Optional;

/**
 * What the likelihood map shows. Whole image: a solid region of blocks the image's double
 * quantization does not explain. Given a region (the second look): whether its blocks were
 * compressed as often as the rest, by the map and by the region's own histograms.
 */
final class AdqFindings {

    /**
     * A block is "compressed once" when its 3×3 neighbourhood's log-ratio exceeds this (e^8 ≈ 3000 : 1):
     * a pasted patch scored 36 on average, chance clusters in untouched photos about 5.
     */
    static final double SINGLE_LOG_RATIO = 8.0;
    static final int MIN_REGION_BLOCKS = 16;
    static final double MIN_FILL = 0.35;
    static final double MAX_SHARE = 0.3;
    /** In the second look, the region's mean log-ratio must exceed the rest's by this much. */
    static final double REGION_MARGIN = 2.0;

    /** The region that lost the first compression ({@link MissingCompressionRegion}) must hold this many cells, */
    static final int MISSING_MIN_CELLS = 6;
    /** and this share of the measured cells at least (the content set's edits cover 3 to 15% of the frame), */
    static final double MISSING_MIN_SHARE = 0.012;
    /** and its cells this mean log-ratio toward single compression (nats a block). */
    static final double MISSING_MIN_LOG_RATIO = 1.5;

    private AdqFindings() {
    }

    static Finding whole(OutlierRegion largest, double share, String comb) {
        if (largest != null && largest.blocks() >= MIN_REGION_BLOCKS && largest.fill() >= MIN_FILL && share <= MAX_SHARE) {
            return new Finding("adq_single_compressed_region", String.format(Locale.ROOT,
                    "The image was compressed twice (%s), but a region of %dx%d px at (%d,%d) (%d blocks, filling %.0f%% "
                            + "of its box) does not carry the first compression: it was pasted in after it.",
                    comb, largest.width(), largest.height(), largest.x(), largest.y(), largest.blocks(), 100 * largest.fill()));
        }
        return new Finding("adq_consistent", String.format(Locale.ROOT,
                "The image was compressed twice (%s) and every region carries both compressions (%.1f%% of blocks "
                        + "look compressed once, in no solid region).", comb, 100 * share));
    }

    /**
     * The region whose blocks lost the earlier compression the rest of the frame carries, if one is
     * large and clear enough: a local edit saved again with a library's defaults.
     */
    static Optional<Finding> missingCompression(MissingCompressionRegion found) {
        OutlierRegion r = found.largest();
        if (r == null || r.blocks() < MISSING_MIN_CELLS || found.share() < MISSING_MIN_SHARE || found.share() > MAX_SHARE
                || r.meanRms() < MISSING_MIN_LOG_RATIO) {
            return Optional.empty();
        }
        return Optional.of(new Finding("adq_first_compression_missing_region", String.format(Locale.ROOT,
                "The frame carries an earlier compression on its own grid, but a region of %dx%d px at (%d,%d) (%.1f%% of "
                        + "the frame, %.1f nats a block toward a single save) does not: it was pasted, painted or "
                        + "changed after that compression and the whole saved again.",
                r.width(), r.height(), r.x(), r.y(), 100 * found.share(), r.meanRms())));
    }

    static Finding noDoubleQuantization(double score) {
        return new Finding("adq_no_double_quantization", String.format(Locale.ROOT,
                "The coefficient histograms show no double quantization comb (score %.2f): the per-block test has "
                        + "nothing to compare blocks against.", score));
    }

    static Finding region(PixelBox box, double inside, double outside, String insideHistory, String outsideHistory) {
        boolean differs = (!Double.isNaN(inside) && inside - outside >= REGION_MARGIN) || !insideHistory.equals(outsideHistory)
                && !insideHistory.equals("unknown") && !outsideHistory.equals("unknown");
        if (differs) {
            return new Finding("adq_region_differs", String.format(Locale.ROOT,
                    "The region %s was compressed differently from the rest: its histograms look %s, the rest's %s "
                            + "(mean single-vs-double log-ratio %.2f against %.2f).", box, insideHistory, outsideHistory,
                    inside, outside));
        }
        return new Finding("adq_region_consistent", String.format(Locale.ROOT,
                "The region %s carries the same compression history as the rest (%s; mean log-ratio %.2f against %.2f).",
                box, insideHistory, inside, outside));
    }
}
