package dev.loupe.tool.forensic.ghost;

import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.PixelBox;

import java.util.List;
import java.util.Locale;

/**
 * Decides what the ghost maps show. Whole image: a solid region that re-quantizes with at most half
 * the usual error at one quality, while such blocks stay a minority of the image, is a ghost. Given
 * a region (the second look): the region's mean ratio at its best quality against the rest's.
 */
final class GhostFindings {

    /** A block is ghostly when its smoothed ratio is below this (half the image's usual error). */
    static final double GHOST_RATIO = 0.5;
    static final int MIN_REGION_BLOCKS = 12;
    static final double MIN_FILL = 0.35;
    /** Beyond this share of measurable blocks the dip is the image's own history, not a region's. */
    static final double MAX_SHARE = 0.3;
    /** In the second look, the region's ratio must be at most this share of the rest's. */
    static final double REGION_CONTRAST = 0.65;

    private GhostFindings() {
    }

    /** The finding for the whole image, given the largest ghostly region (in cells of cell × cell blocks) at its quality. */
    static Finding whole(int quality, OutlierRegion largest, double share, int cell) {
        if (largest != null && largest.blocks() * cell * cell >= MIN_REGION_BLOCKS && largest.fill() >= MIN_FILL
                && share <= MAX_SHARE) {
            return new Finding("jpeg_ghost", String.format(Locale.ROOT,
                    "A region of %dx%d px at (%d,%d) (%d blocks, filling %.0f%% of its box) re-quantizes at quality %d "
                            + "with %.0f%% of the image's usual error: it was saved at about quality %d before the rest was.",
                    largest.width(), largest.height(), largest.x(), largest.y(), largest.blocks() * cell * cell,
                    100 * largest.fill(),
                    quality, 100 * (1 - largest.meanRms()), quality));
        }
        return new Finding("no_jpeg_ghost", String.format(Locale.ROOT,
                "No region re-quantizes markedly better than the rest at any quality tested (the most at quality %d: "
                        + "%.1f%% of the image, in no solid region).", quality, 100 * share));
    }

    /** The finding for a region asked about: its ratio against the rest's at the quality that separates them most. */
    static Finding region(PixelBox box, int quality, double inside, double outside) {
        if (inside <= REGION_CONTRAST * outside) {
            return new Finding("jpeg_ghost_in_region", String.format(Locale.ROOT,
                    "The region %s re-quantizes at quality %d with %.2f of the usual error against %.2f for the rest: "
                            + "it was saved at about quality %d before the rest was.", box, quality, inside, outside, quality));
        }
        return new Finding("no_jpeg_ghost_in_region", String.format(Locale.ROOT,
                "The region %s re-quantizes like the rest at every quality (closest: %.2f against %.2f at quality %d).",
                box, inside, outside, quality));
    }
}
