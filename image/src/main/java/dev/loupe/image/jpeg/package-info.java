/**
 * The JPEG codec Loupe reads images with, below any forensic judgement: a marker parser that never
 * trusts a length ({@link dev.loupe.image.jpeg.JpegStructureParser}), Huffman entropy decoding of
 * baseline and progressive scans to quantized DCT coefficients ({@link dev.loupe.image.jpeg.CoefficientDecoder},
 * {@link dev.loupe.image.jpeg.ProgressiveDecoder}), the AAN inverse DCT, and the luminance and chroma
 * planes a baseline file decodes to ({@link dev.loupe.image.jpeg.PlaneDecoder}). Several tools use it;
 * what they conclude from the coefficients lives with them.
 */
package dev.loupe.image.jpeg;
