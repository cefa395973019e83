package dev.loupe.tool.forensic.noise;

import dev.loupe.tool.forensic.region.PixelBox;

/**
 * Connected blocks whose noise departs from the image's norm.
 *
 * @param box    bounding box in full-image pixels
 * @param blocks number of outlier blocks in the region
 * @param sigma  median noise level of the region's blocks (luminance levels)
 * @param ratio  {@code sigma} divided by the noise the rest of the image shows at the same brightness (below 1: smoother)
 */
record NoiseRegion(PixelBox box, int blocks, double sigma, double ratio) {
}
