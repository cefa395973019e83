/**
 * Error level analysis computed in the DCT domain: each luminance block's quantized coefficients
 * are re-quantized with the IJG table of a chosen quality and the error energy is read off directly
 * (the JPEG DCT is orthonormal), so no pixel decode or re-encode is needed. The {@code ela} tool
 * reports the block error map's statistics, its outlier regions and a heatmap.
 */
package dev.loupe.tool.forensic.ela;
