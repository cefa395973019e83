package dev.loupe.tool.forensic.ela;

import dev.loupe.tool.forensic.jpeg.BlockVisitor;
import dev.loupe.tool.forensic.jpeg.Frame;
import dev.loupe.tool.forensic.jpeg.ZigZag;

import java.util.Arrays;

/**
 * Computes each luminance block's error level from its quantized coefficients, as a
 * {@link BlockVisitor}: dequantize (c·Q1), re-quantize at the target table (round(c·Q1/Q2)·Q2, with
 * libjpeg's rounding), and sum the squared differences. The JPEG DCT is orthonormal, so by
 * Parseval this is the block's squared error in the pixel domain; classic pixel ELA differs only by
 * the decoder's rounding and clamping to 8 bits before re-encoding (and by working on RGB).
 */
final class RequantizationError implements BlockVisitor {

    private final int[] fileSteps = new int[64];
    private final int[] targetSteps = new int[64];
    private final float[] rms;
    private final int cols;

    /**
     * @param frame        the frame, for the luminance block grid
     * @param fileTable    the file's luminance table, natural order
     * @param targetTable  the re-quantization table, natural order
     */
    RequantizationError(Frame frame, int[] fileTable, int[] targetTable) {
        for (int k = 0; k < 64; k++) {
            fileSteps[k] = fileTable[ZigZag.NATURAL[k]];
            targetSteps[k] = targetTable[ZigZag.NATURAL[k]];
        }
        cols = frame.blocksAcross(0);
        rms = new float[cols * frame.blocksDown(0)];
        Arrays.fill(rms, Float.NaN);
    }

    @Override
    public void block(int component, int row, int col, int[] zigzag) {
        if (component != 0) {
            return;
        }
        long energy = 0;
        for (int k = 0; k < 64; k++) {
            int c = zigzag[k];
            if (c == 0) {
                continue; // zero stays zero at any step
            }
            int value = Math.abs(c * fileSteps[k]);
            int step = targetSteps[k];
            int error = value - (value + step / 2) / step * step;
            energy += (long) error * error;
        }
        rms[row * cols + col] = (float) Math.sqrt(energy / 64.0);
    }

    float[] rms() {
        return rms;
    }
}
