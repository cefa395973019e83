/**
 * Block-artifact-grid (BAG) analysis: JPEG compression leaves a discontinuity at every eighth column
 * and row, on the grid of the last save. A region pasted from a JPEG whose grid sat elsewhere keeps a
 * second grid at another phase (non-aligned double compression); a frame whose grid is not at the origin
 * was cropped after its compression.
 */
package dev.loupe.tool.forensic.blockgrid;
