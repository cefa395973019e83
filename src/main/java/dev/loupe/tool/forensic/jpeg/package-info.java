/**
 * JPEG structure and DCT-coefficient forensics: a marker parser that never trusts a length, a
 * baseline entropy decoder that streams quantized coefficients block by block (no pixels, no
 * full-image arrays), the IJG quality estimate of the quantization tables, and a
 * double-compression indicator from coefficient histograms. The {@code jpeg} tool reports them.
 */
package dev.loupe.tool.forensic.jpeg;
