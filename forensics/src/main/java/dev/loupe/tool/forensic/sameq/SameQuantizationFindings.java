package dev.loupe.tool.forensic.sameq;

import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.PixelBox;

import java.util.Locale;

/**
 * What the re-save ratios say. The thresholds sit between the development set's camera originals
 * (whole-file ratio 0.92–1.08) and their same-table re-saves (0.45–0.58); edited regions of careful
 * forgeries measured 0.78–1.08 against 0.45–0.58 around them.
 */
final class SameQuantizationFindings {

    /**
     * In the second look, the box must exceed the rest by this much (a retouched box measured 0.78
     * against 0.50: smoothing leaves fewer textured blocks, and some stay near the fixed point), with
     * its measured blocks expected to move at least {@link RatioScale#minExpected} coefficients if compressed once.
     */
    static final double REGION_MARGIN = 0.2;

    private SameQuantizationFindings() {
    }

    static Finding singleCompressedRegion(CompressedOnceRegion found, int cellPixels, RatioScale scale) {
        OutlierRegion region = found.region();
        double inside = found.inside();
        double rest = found.rest();
        return new Finding("same_q_single_compressed_region", String.format(Locale.ROOT,
                "The file was saved again with its own quantization table (re-save ratio %.2f, 1 = compressed once, "
                        + scale.twice() + " = saved twice), but a region of %dx%d px at (%d,%d) (%d cells of %d px, filling %.0f%% of "
                        + "its box) was compressed only once (ratio %.2f): it was edited before the last save.",
                rest, region.width(), region.height(), region.x(), region.y(), region.blocks(), cellPixels,
                100 * region.fill(), inside));
    }

    static Finding resaved(double ratio, RatioScale scale) {
        return new Finding("same_q_resaved", String.format(Locale.ROOT,
                "The file was saved at least twice with the same quantization table (re-save ratio %.2f; a camera "
                        + "original measures about 1.0, a re-save about " + scale.twice() + "): not the camera's first save, though no region stands out.", ratio));
    }

    /** The round trip's {@code same_q_resaved}: the file sits at the fixed point of a libjpeg re-save. */
    static Finding atFixedPoint(double ratio) {
        return new Finding("same_q_resaved", String.format(Locale.ROOT,
                "The coefficients sit at the fixed point of a libjpeg-style decode and re-encode with the file's own "
                        + "table (re-save ratio %.2f; a camera's own first save measures about 1.0): the file was saved "
                        + "again with this table by a libjpeg-family editor, as a careful forger re-saving with the "
                        + "camera's tables does, not left as the camera's encoder wrote it.", ratio));
    }

    static Finding firstGeneration(double ratio) {
        return new Finding("same_q_first_generation", String.format(Locale.ROOT,
                "The file's coefficients move on a same-table re-save as a file compressed once does (ratio %.2f): "
                        + "a first save with these tables, as a camera original is (or an edit of the whole picture "
                        + "saved once, such as a resize).", ratio));
    }

    static Finding inconclusive(double ratio, RatioScale scale) {
        return new Finding("same_q_inconclusive", String.format(Locale.ROOT,
                "The re-save ratio %.2f lies between a file compressed once (about 1.0) and one saved again with "
                        + "its table (about " + scale.twice() + ").", ratio));
    }

    static Finding regionLook(PixelBox box, RegionRatios parts, RatioScale scale) {
        double inside = parts.inside();
        double rest = parts.rest();
        if (parts.measurable() && rest <= scale.resaved() && inside - rest >= REGION_MARGIN) {
            return new Finding("same_q_region_single_compressed", String.format(Locale.ROOT,
                    "The region %s was compressed once (re-save ratio %.2f) in a file otherwise saved again with the "
                            + "same table (%.2f): it was edited before the last save.", box, inside, rest));
        }
        if (!parts.measurable()) {
            return new Finding("same_q_region_consistent", String.format(Locale.ROOT,
                    "The region %s has too few textured blocks to measure its re-save ratio; the rest measures %.2f.",
                    box, rest));
        }
        return new Finding("same_q_region_consistent", String.format(Locale.ROOT,
                "The region %s re-saves as the rest does (ratio %.2f against %.2f).", box, inside, rest));
    }

    /**
     * A box's re-save ratio and the rest's.
     *
     * @param inside     the box's ratio
     * @param rest       the rest's ratio
     * @param measurable whether the box's measured blocks are expected to move enough coefficients to judge
     */
    record RegionRatios(double inside, double rest, boolean measurable) {
    }
}
