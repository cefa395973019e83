package dev.loupe.image.jpeg;

import java.util.Arrays;

/**
 * The 8×8 inverse DCT in floats by the Arai–Agui–Nakajima factorisation (5 multiplications per
 * 8-point pass), for decoding the luminance of a baseline file to 8-bit samples as a JPEG decoder
 * does, but without rounding to whole levels: samples are kept in 1/{@value #ONE} of a level, so that
 * the noise of a quiet image is not lost to the 8-bit rounding. The AAN scale factors and the final division by 8 are folded into the dequantization
 * multipliers, so a block costs one multiply per coefficient plus the two passes. The column pass
 * reads each column's coefficients straight from the zig-zag order (no dequantized block is scattered
 * and read back: that round trip cost a third of the transform on a camera file); columns whose AC
 * terms are all zero (most of them in smooth areas) are filled without transforming.
 */
public final class FastInverseDct {

    /** Output samples are in units of 1/ONE level: 0..255·ONE. */
    public static final int ONE = 64;

    /** AAN scale factors: 1 for k = 0, cos(kπ/16)·√2 otherwise. */
    private static final double[] AAN_SCALE = new double[8];

    static {
        AAN_SCALE[0] = 1.0;
        for (int k = 1; k < 8; k++) {
            AAN_SCALE[k] = Math.cos(k * Math.PI / 16) * Math.sqrt(2);
        }
    }

    /** The zig-zag index of each natural position, column by column: entry c·8 + r holds (r, c)'s. */
    private static final int[] ZIGZAG_BY_COLUMN = new int[64];

    static {
        for (int k = 0; k < 64; k++) {
            int n = ZigZag.NATURAL[k];
            ZIGZAG_BY_COLUMN[(n % 8) * 8 + n / 8] = k;
        }
    }

    /** Dequantization multipliers (with the AAN scale and the output units folded in), natural order. */
    private final float[] multipliers = new float[64];
    private final float[] work = new float[64];
    private final short[] edgeRow = new short[8];

    /** @param naturalTable the component's quantization steps in natural (row-major) order */
    public FastInverseDct(int[] naturalTable) {
        for (int n = 0; n < 64; n++) {
            multipliers[n] = (float) (naturalTable[n] * AAN_SCALE[n / 8] * AAN_SCALE[n % 8] / 8 * ONE);
        }
    }

    /**
     * Transforms one block and writes its samples (level-shifted, clamped to 0–255, in 1/{@link #ONE} levels) into
     * {@code out}, {@code columns × rows} of them (8 × 8 inside the image, fewer at its right and
     * bottom edges) from {@code offset}, {@code stride} bytes per row.
     *
     * @param zigzag quantized coefficients in zig-zag order, all 64 (zero from {@code end} on)
     * @param end    coefficients from this zig-zag index on are zero
     */
    public void transform(int[] zigzag, int end, short[] out, int offset, int stride, int columns, int rows) {
        if (end <= 1) {
            int value = clamp(zigzag[0] * multipliers[0]);
            for (int y = 0; y < rows; y++) {
                Arrays.fill(out, offset + y * stride, offset + y * stride + columns, (short) value);
            }
            return;
        }
        float[] w = work;
        columns(zigzag, multipliers, w);
        if (columns == 8) {
            for (int r = 0; r < rows; r++) {
                rowToSamples(w, r * 8, out, offset + r * stride);
            }
            return;
        }
        // a block cut by the image's right edge: whole rows into the scratch row, then the columns inside
        short[] row = edgeRow;
        for (int r = 0; r < rows; r++) {
            rowToSamples(w, r * 8, row, 0);
            System.arraycopy(row, 0, out, offset + r * stride, columns);
        }
    }

    /**
     * Dequantizes each column from the zig-zag coefficients and transforms it (the AAN pass of
     * {@link #rowToSamples}, the same arithmetic in the same order) into {@code w}, natural order.
     */
    private static void columns(int[] zigzag, float[] m, float[] w) {
        int[] zz = ZIGZAG_BY_COLUMN;
        for (int c = 0; c < 8; c++) {
            int at = c * 8;
            int q1 = zigzag[zz[at + 1]];
            int q2 = zigzag[zz[at + 2]];
            int q3 = zigzag[zz[at + 3]];
            int q4 = zigzag[zz[at + 4]];
            int q5 = zigzag[zz[at + 5]];
            int q6 = zigzag[zz[at + 6]];
            int q7 = zigzag[zz[at + 7]];
            float in0 = zigzag[zz[at]] * m[c];
            if ((q1 | q2 | q3 | q4 | q5 | q6 | q7) == 0) {
                for (int r = 0; r < 8; r++) {
                    w[r * 8 + c] = in0;
                }
                continue;
            }
            float in1 = q1 * m[8 + c];
            float in2 = q2 * m[16 + c];
            float in3 = q3 * m[24 + c];
            float in4 = q4 * m[32 + c];
            float in5 = q5 * m[40 + c];
            float in6 = q6 * m[48 + c];
            float in7 = q7 * m[56 + c];
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
            float tmp6 = -2.613125930f * z10 + z5 - tmp7;
            float tmp5 = tmp11o - tmp6;
            float tmp4 = 1.082392200f * z12 - z5 + tmp5;
            w[c] = tmp0 + tmp7;
            w[56 + c] = tmp0 - tmp7;
            w[8 + c] = tmp1 + tmp6;
            w[48 + c] = tmp1 - tmp6;
            w[16 + c] = tmp2 + tmp5;
            w[40 + c] = tmp2 - tmp5;
            w[32 + c] = tmp3 + tmp4;
            w[24 + c] = tmp3 - tmp4;
        }
    }

    /** One 8-point AAN inverse transform of the row at {@code w[at]}, written straight out as samples. */
    private static void rowToSamples(float[] w, int at, short[] out, int o) {
        float in0 = w[at];
        float in1 = w[at + 1];
        float in2 = w[at + 2];
        float in3 = w[at + 3];
        float in4 = w[at + 4];
        float in5 = w[at + 5];
        float in6 = w[at + 6];
        float in7 = w[at + 7];
        float tmp10 = in0 + in4;
        float tmp11 = in0 - in4;
        float tmp13 = in2 + in6;
        float tmp12 = (in2 - in6) * 1.414213562f - tmp13;
        float tmp0 = tmp10 + tmp13;
        float tmp3 = tmp10 - tmp13;
        float tmp1 = tmp11 + tmp12;
        float tmp2 = tmp11 - tmp12;
        float z13 = in5 + in3;
        float z10 = in5 - in3;
        float z11 = in1 + in7;
        float z12 = in1 - in7;
        float tmp7 = z11 + z13;
        float tmp11o = (z11 - z13) * 1.414213562f;
        float z5 = (z10 + z12) * 1.847759065f;
        float tmp6 = -2.613125930f * z10 + z5 - tmp7;
        float tmp5 = tmp11o - tmp6;
        float tmp4 = 1.082392200f * z12 - z5 + tmp5;
        out[o] = (short) clamp(tmp0 + tmp7);
        out[o + 7] = (short) clamp(tmp0 - tmp7);
        out[o + 1] = (short) clamp(tmp1 + tmp6);
        out[o + 6] = (short) clamp(tmp1 - tmp6);
        out[o + 2] = (short) clamp(tmp2 + tmp5);
        out[o + 5] = (short) clamp(tmp2 - tmp5);
        out[o + 4] = (short) clamp(tmp3 + tmp4);
        out[o + 3] = (short) clamp(tmp3 - tmp4);
    }

    private static int clamp(float value) {
        int v = (int) (value + (128 * ONE + 0.5f));
        return v < 0 ? 0 : Math.min(v, 255 * ONE);
    }
}
