package dev.loupe.tool.forensic.region;

/**
 * A connected group of outlier blocks (8-neighbourhood), with its bounding box in pixels.
 *
 * @param blocks  outlier blocks in the group
 * @param x       left edge in pixels
 * @param y       top edge in pixels
 * @param width   box width in pixels, clipped to the image
 * @param height  box height in pixels, clipped to the image
 * @param meanRms mean RMS error of the group's blocks
 * @param boxBlocks blocks inside the bounding box
 */
public record OutlierRegion(int blocks, int x, int y, int width, int height, double meanRms, int boxBlocks) {

    /** The share of the bounding box the region fills: near 1 for a solid patch, low for edges and texture. */
    public double fill() {
        return boxBlocks == 0 ? 0 : (double) blocks / boxBlocks;
    }
}
