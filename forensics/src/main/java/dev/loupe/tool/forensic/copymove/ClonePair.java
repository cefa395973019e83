package dev.loupe.tool.forensic.copymove;

import dev.loupe.tool.forensic.region.PixelBox;

/**
 * A region found twice in one image, in full-image pixel coordinates.
 *
 * @param source  where the matched blocks lie (the earlier of the two along the shift)
 * @param target  where their copies lie
 * @param dx      horizontal shift from source to target, in pixels
 * @param dy      vertical shift from source to target, in pixels
 * @param blocks  number of matched block pairs supporting this shift
 * @param share   {@code blocks} as a share of the textured blocks examined
 */
public record ClonePair(PixelBox source, PixelBox target, int dx, int dy, int blocks, double share) {
}
