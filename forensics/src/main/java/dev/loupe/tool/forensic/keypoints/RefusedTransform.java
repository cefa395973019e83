package dev.loupe.tool.forensic.keypoints;

/**
 * A transform that enough keypoint pairs agreed on but that is taken for no clone: its sides do not
 * correlate over an area (chance agreement, a repeated detail), or it is one that repeated and
 * symmetric scene content gives (hardly rotated, a half turn).
 *
 * @param angle            rotation, degrees
 * @param scale            scaling
 * @param inliers          keypoint pairs that agreed
 * @param correlatedPixels the smaller side's correlating area, full-image pixels
 * @param reason           why it is no clone: "hardly rotated" (left to {@code copy_move}), "a half turn" or "does not correlate"
 */
record RefusedTransform(double angle, double scale, int inliers, long correlatedPixels, String reason) {
}
