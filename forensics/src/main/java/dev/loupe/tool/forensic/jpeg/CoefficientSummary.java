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
 * @param ghosts      the JPEG ghost errors of every luminance block ({@link GhostErrors#errors()}), or null
 *                    when the frame could not be decoded
 * @param lowFrequencies the first AC coefficients of every luminance block, or null when the frame could
 *                    not be decoded
 * @param resaves     the coefficients a same-table re-save moves in each luminance block, or null when
 *                    the frame could not be decoded
 */
public record CoefficientSummary(DecodeOutcome outcome, CoefficientHistograms histograms, float[] errorLevels,
                                 DecodedPlanes planes, float[] ghosts, LowFrequencyCoefficients lowFrequencies,
                                 ResaveChanges resaves) {
}
