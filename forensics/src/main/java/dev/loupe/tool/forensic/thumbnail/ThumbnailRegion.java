package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.tool.forensic.region.PixelBox;

/**
 * Where the image differs from its thumbnail.
 *
 * @param box        bounding box in full-image pixels
 * @param cells      number of grid cells beyond the threshold
 * @param difference mean absolute difference inside the flagged cells (0–255 levels)
 */
record ThumbnailRegion(PixelBox box, int cells, double difference) {
}
