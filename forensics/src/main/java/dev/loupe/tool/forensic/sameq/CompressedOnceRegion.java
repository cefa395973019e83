package dev.loupe.tool.forensic.sameq;

import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.OutlierRegions;
import dev.loupe.tool.forensic.region.PixelBox;
import dev.loupe.tool.forensic.region.RobustScale;

/**
 * The largest group of cells that move as a file compressed once does, in a frame otherwise saved again
 * with its table, and whether it stands out enough to be called a region edited before the last save.
 * <p>
 * Two ways to stand out. A solid patch: enough cells filling enough of their box at a high enough ratio
 * (a splice, a clone, a retouch of textured content). Or a significant one: the box's ratio above the
 * rest's by many times the standard error the frame's own cell-to-cell spread gives a box of that many
 * measured cells. The second is what an inpainting needs: its fill is smooth, so few of its cells hold
 * enough textured blocks to pass the cell threshold and the group fills little of its box, though the
 * box as a whole moves far more than the rest.
 *
 * @param region        the group, largest first of those found
 * @param box           its bounding box in pixels
 * @param inside        the box's re-save ratio
 * @param rest          the ratio of the blocks outside the box
 * @param boxCells      measured cells inside the box
 * @param significance  (inside − rest) · √boxCells / the frame's robust cell spread
 * @param measuredCells measured cells in the frame
 */
record CompressedOnceRegion(OutlierRegion region, PixelBox box, double inside, double rest, int boxCells,
                            double significance, int measuredCells) {

    /**
     * A located region needs this many cells filling this much of its box, and a ratio of at least
     * {@link RatioScale#requiredRatio}: on the development set's re-saves the chance clusters were 2 cells at 0.87,
     * 3 at 0.77 and 11 (filling 23%) at 0.66; the edited regions found were 6–182 cells at 0.77–1.04.
     */
    static final int MIN_REGION_CELLS = 5;
    static final double MIN_FILL = 0.4;
    /** A region covering more than this share of the measured cells is not local. */
    static final double MAX_SHARE = 0.5;
    /**
     * A group that fills less of its box is still a region at this significance. Chosen in-sample: of the
     * development set's same-table camera re-saves, those whose group fills less than 40% reach at most 9.7
     * (the iPhone 6: 17 cells filling 34% at 0.74 against 0.55); the content set's careful edits that only
     * this finds, 17.5–32.7.
     */
    static final double MIN_SIGNIFICANCE = 15;
    /** The spread's floor, so that a frame of nearly equal cells does not make every bump significant. */
    static final double MIN_SPREAD = 0.05;

    /** The largest group of cells above the scale's cell threshold, or null when there is none. */
    static CompressedOnceRegion largest(ResaveMap map, RatioScale scale) {
        var found = OutlierRegions.find(map.asMap(), scale.cellOnce());
        if (found.isEmpty()) {
            return null;
        }
        OutlierRegion largest = found.get(0);
        PixelBox box = new PixelBox(largest.x(), largest.y(), largest.width(), largest.height());
        ResaveMap.Totals totals = map.totals(box);
        double inside = totals.inside().ratio();
        double rest = totals.outside().ratio();
        int boxCells = map.measuredCells(box);
        double spread = RobustScale.of(map.ratios(), MIN_SPREAD).sigma();
        double significance = (inside - rest) * Math.sqrt(boxCells) / spread;
        return new CompressedOnceRegion(largest, box, inside, rest, boxCells, significance, map.measuredCells(null));
    }

    /** Whether this group is a region compressed once in a frame saved again. */
    boolean compressedOnce(RatioScale scale) {
        boolean local = region.blocks() >= MIN_REGION_CELLS && region.blocks() <= MAX_SHARE * measuredCells
                && rest <= scale.resaved();
        boolean solid = region.fill() >= MIN_FILL && inside >= scale.requiredRatio(region.blocks());
        return local && (solid || significance >= MIN_SIGNIFICANCE);
    }
}
