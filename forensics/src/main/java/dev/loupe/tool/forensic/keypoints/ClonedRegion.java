package dev.loupe.tool.forensic.keypoints;

import dev.loupe.tool.forensic.region.PixelBox;

import java.util.List;

/**
 * One region found twice: where it was copied from and to (full-image pixels), the similarity
 * transform between them, the matched point pairs (for drawing lines between them), and each side's
 * mask of the pixels that correlate through the transform (plane pixels).
 *
 * @param source        the box around the matched points on one side
 * @param target        the box around their matches
 * @param angle         rotation from source to target, degrees
 * @param scale         scaling from source to target
 * @param inliers       matched keypoint pairs that agree with the transform
 * @param lines         the pairs as {x1, y1, x2, y2}, full-image pixels
 * @param sourceMask    the source side's correlating pixels, on the analysed plane
 * @param targetMask    the target side's
 * @param sourcePixels  the source mask's area in full-image pixels
 * @param targetPixels  the target mask's
 */
record ClonedRegion(PixelBox source, PixelBox target, double angle, double scale, int inliers, List<int[]> lines,
                    CloneCorrelation.SideMask sourceMask, CloneCorrelation.SideMask targetMask, long sourcePixels,
                    long targetPixels) {
}
