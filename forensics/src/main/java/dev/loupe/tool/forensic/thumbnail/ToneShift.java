package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.tool.forensic.region.PixelBox;

/**
 * A region where the picture's local tone, colour or detail departs from its thumbnail's beyond what
 * the rest of the picture shows, after the camera's global tone curve is removed.
 *
 * @param box    bounding box in full-image pixels
 * @param cells  grid cells in the region
 * @param shift  mean level shift of the region against the thumbnail, red, green, blue (picture − thumbnail, 0–255 levels)
 * @param detail the region's fine detail in the picture against the thumbnail's, as a ratio (below 1: detail lost)
 * @param score  the region's evidence: its mean cell deviation in robust deviations of the image's own cells, times √cells
 */
record ToneShift(PixelBox box, int cells, double[] shift, double detail, double score) {
}
