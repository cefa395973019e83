/**
 * JPEG structure and DCT-coefficient forensics: a marker parser that never trusts a length, an
 * entropy decoder that streams the quantized coefficients of baseline files block by block (no
 * pixels, no full-image arrays) and decodes progressive files' luminance, the IJG quality estimate of the quantization tables, and a
 * double-compression indicator from coefficient histograms. The {@code jpeg} tool reports them.
 * {@link dev.loupe.tool.forensic.jpeg.CoefficientPass} decodes each file once for every tool,
 * including the luminance plane (fast inverse DCT) and chroma block means that the pixel tools read.
 */
package dev.loupe.tool.forensic.jpeg;
