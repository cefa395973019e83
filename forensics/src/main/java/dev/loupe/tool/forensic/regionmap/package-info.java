/**
 * One suspicious-region map per image: the pixel tools' cell maps (noise residual, demosaicing trace,
 * block grid, error levels, same-table re-save, aligned double quantization, JPEG ghost, keypoint clones), each in robust spreads from its own typical value,
 * resampled onto one grid and averaged with weights, so that one number per cell says how much the
 * pixel evidence sets it apart; and the regions it holds.
 */
package dev.loupe.tool.forensic.regionmap;
