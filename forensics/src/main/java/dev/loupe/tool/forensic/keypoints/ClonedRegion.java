package dev.loupe.tool.forensic.keypoints;

import dev.loupe.tool.forensic.region.PixelBox;

import java.util.List;

/**
 * One region found twice: where it was copied from and to (full-image pixels), the similarity
 * transform between them, and the matched point pairs (for drawing lines between them).
 *
 * @param source   the box around the matched points on one side
 * @param target   the box around their matches
 * @param angle    rotation from source to target, degrees
 * @param scale    scaling from source to target
 * @param inliers  matched keypoint pairs that agree with the transform
 * @param lines    the pairs as {x1, y1, x2, y2}, full-image pixels
 */
record ClonedRegion(PixelBox source, PixelBox target, double angle, double scale, int inliers, List<int[]> lines) {
}
