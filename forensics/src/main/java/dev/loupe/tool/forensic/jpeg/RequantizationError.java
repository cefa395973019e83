package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.BlockVisitor;
import dev.loupe.image.jpeg.BoundedBlockVisitor;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.ZigZag;
import java.util.Arrays;

/**
 * Computes each luminance block's error level (the basis of error level analysis) from its quantized coefficients, as a
 * {@link BlockVisitor}: dequantize (c·Q1), re-quantize at the target table (round(c·Q1/Q2)·Q2, with
 * libjpeg's rounding), and sum the squared differences. The JPEG DCT is orthonormal, so by
 * Parseval this is the block's squared error in the pixel domain; classic pixel ELA differs only by
 * the decoder's rounding and clamping to 8 bits before re-encoding (and by working on RGB).
 */
public final class RequantizationError implements BoundedBlockVisitor {

    /**
     * Quantized magnitudes below this use the precomputed table (16 KB, which stays in the L1 cache);
     * larger ones (mostly DC terms, or hostile values) are computed.
     */
    private static final int TABLE_LIMIT = 64;

    private final int[] fileSteps = new int[64];
    private final int[] targetSteps = new int[64];
    /** Squared re-quantization error by zig-zag position and |c|: one lookup per coefficient, no division. */
    private final int[] squaredError = new int[64 * TABLE_LIMIT];
    private final float[] rms;
    private final int cols;

    /**
     * @param frame        the frame, for the luminance block grid
     * @param fileTable    the file's luminance table, natural order
     * @param targetTable  the re-quantization table, natural order
     */
    public RequantizationError(Frame frame, int[] fileTable, int[] targetTable) {
        for (int k = 0; k < 64; k++) {
            fileSteps[k] = fileTable[ZigZag.NATURAL[k]];
            targetSteps[k] = targetTable[ZigZag.NATURAL[k]];
        }
        for (int k = 0; k < 64; k++) {
            for (int c = 0; c < TABLE_LIMIT; c++) {
                squaredError[k * TABLE_LIMIT + c] = (int) squaredError(c, fileSteps[k], targetSteps[k]);
            }
        }
        cols = frame.blocksAcross(0);
        rms = new float[cols * frame.blocksDown(0)];
        Arrays.fill(rms, Float.NaN);
    }

    /** Zero coefficients re-quantize to zero, so only those before {@code end} can add error. */
    @Override
    public void block(int component, int row, int col, int[] zigzag, int end) {
        if (component != 0) {
            return;
        }
        long energy = 0;
        for (int k = 0; k < end; k++) {
            int c = Math.abs(zigzag[k]);
            energy += c < TABLE_LIMIT ? squaredError[(k << 6) | c] : squaredError(c, fileSteps[k], targetSteps[k]);
        }
        rms[row * cols + col] = (float) Math.sqrt(energy / 64.0);
    }

    /** (v - round(v / target) * target)² for v = |c| * fileStep, rounding halves up as libjpeg does. */
    private static long squaredError(long magnitude, int fileStep, int targetStep) {
        long value = magnitude * fileStep;
        long error = value - (value + targetStep / 2) / targetStep * targetStep;
        return error * error;
    }

    /** RMS error per luminance block, row-major over the component's block grid; NaN where no block was decoded. */
    public float[] rms() {
        return rms;
    }
}
