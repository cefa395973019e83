package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.DecodeOutcome;
import dev.loupe.image.jpeg.DecodedPlanes;

/**
 * What one pass over a file's coefficients yields for the tools: the decode outcome, the luminance
 * AC histograms (double compression) and the error levels at the default ELA quality.
 *
 * @param outcome     how the decode went
 * @param histograms  luminance histograms at zig-zag positions 1..{@link DoubleCompressionDetector#POSITIONS}
 * @param errorLevels RMS re-quantization error per luminance block at {@link CoefficientPass#DEFAULT_ELA_QUALITY},
 *                    or null when the frame could not be decoded
 * @param planes      the decoded luminance (and chroma block means) for the pixel tools, or null when the
 *                    file is not a completely decoded baseline greyscale or YCbCr JPEG
 */
public record CoefficientSummary(DecodeOutcome outcome, CoefficientHistograms histograms, float[] errorLevels,
                                 DecodedPlanes planes) {
}
