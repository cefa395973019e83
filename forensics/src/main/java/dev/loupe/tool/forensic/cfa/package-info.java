/**
 * Demosaicing (CFA) traces: a camera interpolates two thirds of its samples from a Bayer mosaic, so the
 * error of predicting a pixel from its four neighbours differs between the two quincunx lattices of the
 * 2×2 period. The trace is read cell by cell on the luminance; where a region was pasted from another
 * picture, resampled or painted, its lattice contrast breaks from the frame's; a picture with no trace
 * anywhere was never demosaiced at this size (generated, resized, or erased by strong compression).
 */
package dev.loupe.tool.forensic.cfa;
