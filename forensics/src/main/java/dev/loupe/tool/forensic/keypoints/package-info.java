/**
 * Copy-move that survives rotation and scaling (Amerini et al. 2011, with ORB keypoints): keypoints
 * matched within the image, grouped by a RANSAC similarity transform, reported as source and target
 * regions with the lines between matched points.
 */
package dev.loupe.tool.forensic.keypoints;
