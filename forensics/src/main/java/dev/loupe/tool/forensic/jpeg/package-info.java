/**
 * JPEG forensics on top of the codec in {@link dev.loupe.image.jpeg}: the IJG quality estimate of the
 * quantization tables, a double-compression indicator from coefficient histograms, and the error
 * levels ELA reads. The {@code jpeg} tool reports them. {@link dev.loupe.tool.forensic.jpeg.CoefficientPass}
 * decodes each file once for every tool, including the luminance plane and chroma block means that
 * the pixel tools read.
 */
package dev.loupe.tool.forensic.jpeg;
