package dev.loupe.image.jpeg;

import java.util.Arrays;

/**
 * The inverse DCT as {@link FastInverseDct} computed it before its column pass read the zig-zag order
 * directly: the block dequantized and scattered to natural order first, then the same two AAN passes.
 * Kept as the reference the faster code must match to the bit.
 */
final class ScatteredAanIdct {

    private static final int ONE = FastInverseDct.ONE;

    /** AAN scale factors: 1 for k = 0, cos(kπ/16)·√2 otherwise. */
    private static final double[] AAN_SCALE = new double[8];

    static {
        AAN_SCALE[0] = 1.0;
        for (int k = 1; k < 8; k++) {
            AAN_SCALE[k] = Math.cos(k * Math.PI / 16) * Math.sqrt(2);
        }
    }

    private final float[] multipliers = new float[64];
    private final float[] work = new float[64];

    /** @param naturalTable the component's quantization steps in natural (row-major) order */
    ScatteredAanIdct(int[] naturalTable) {
        for (int k = 0; k < 64; k++) {
            int n = ZigZag.NATURAL[k];
            multipliers[k] = (float) (naturalTable[n] * AAN_SCALE[n / 8] * AAN_SCALE[n % 8] / 8 * ONE);
        }
    }

    /**
     * Transforms one block and writes its samples (level-shifted, clamped to 0–255, in 1/{@link #ONE} levels) into
     * {@code out}, {@code columns × rows} of them (8 × 8 inside the image, fewer at its right and
     * bottom edges) from {@code offset}, {@code stride} bytes per row.
     *
     * @param zigzag quantized coefficients in zig-zag order
     * @param end    coefficients from this zig-zag index on are zero
     */
    void transform(int[] zigzag, int end, short[] out, int offset, int stride, int columns, int rows) {
        if (end <= 1) {
            int value = clamp(zigzag[0] * multipliers[0]);
            for (int y = 0; y < rows; y++) {
                Arrays.fill(out, offset + y * stride, offset + y * stride + columns, (short) value);
            }
            return;
        }
        float[] w = work;
        Arrays.fill(w, 0f);
        for (int k = 0; k < end; k++) {
            w[ZigZag.NATURAL[k]] = zigzag[k] * multipliers[k];
        }
        for (int c = 0; c < 8; c++) {
            if (w[8 + c] == 0 && w[16 + c] == 0 && w[24 + c] == 0 && w[32 + c] == 0 && w[40 + c] == 0
                    && w[48 + c] == 0 && w[56 + c] == 0) {
                float dc = w[c];
                for (int r = 1; r < 8; r++) {
                    w[r * 8 + c] = dc;
                }
            } else {
                pass(w, c, 8);
            }
        }
        // Whole rows go through the generic pass too, not through a copy of the faster code's fused
        // row-to-samples pass: that pass must compute the same floats in the same order, and this
        // comparison is what checks it.
        for (int r = 0; r < rows; r++) {
            pass(w, r * 8, 1);
            int o = offset + r * stride;
            for (int c = 0; c < columns; c++) {
                out[o + c] = (short) clamp(w[r * 8 + c]);
            }
        }
    }

    private static int clamp(float value) {
        int v = (int) (value + (128 * ONE + 0.5f));
        return v < 0 ? 0 : Math.min(v, 255 * ONE);
    }

    /** One 8-point AAN inverse transform in place, on {@code w[at + i·step]} for i = 0..7. */
    private static void pass(float[] w, int at, int step) {
        float in0 = w[at];
        float in1 = w[at + step];
        float in2 = w[at + 2 * step];
        float in3 = w[at + 3 * step];
        float in4 = w[at + 4 * step];
        float in5 = w[at + 5 * step];
        float in6 = w[at + 6 * step];
        float in7 = w[at + 7 * step];
        // even part
        float tmp10 = in0 + in4;
        float tmp11 = in0 - in4;
        float tmp13 = in2 + in6;
        float tmp12 = (in2 - in6) * 1.414213562f - tmp13;
        float tmp0 = tmp10 + tmp13;
        float tmp3 = tmp10 - tmp13;
        float tmp1 = tmp11 + tmp12;
        float tmp2 = tmp11 - tmp12;
        // odd part
        float z13 = in5 + in3;
        float z10 = in5 - in3;
        float z11 = in1 + in7;
        float z12 = in1 - in7;
        float tmp7 = z11 + z13;
        float tmp11o = (z11 - z13) * 1.414213562f;
        float z5 = (z10 + z12) * 1.847759065f;
        float tmp10o = 1.082392200f * z12 - z5;
        float tmp12o = -2.613125930f * z10 + z5;
        float tmp6 = tmp12o - tmp7;
        float tmp5 = tmp11o - tmp6;
        float tmp4 = tmp10o + tmp5;
        w[at] = tmp0 + tmp7;
        w[at + 7 * step] = tmp0 - tmp7;
        w[at + step] = tmp1 + tmp6;
        w[at + 6 * step] = tmp1 - tmp6;
        w[at + 2 * step] = tmp2 + tmp5;
        w[at + 5 * step] = tmp2 - tmp5;
        w[at + 4 * step] = tmp3 + tmp4;
        w[at + 3 * step] = tmp3 - tmp4;
    }
}
