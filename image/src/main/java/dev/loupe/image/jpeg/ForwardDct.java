package dev.loupe.image.jpeg;

/**
 * The 8×8 forward DCT in floats by the Arai–Agui–Nakajima factorisation (libjpeg's {@code jfdctflt}),
 * with quantization folded in: what an encoder does to a block of samples before entropy coding.
 * The AAN output scale and the division by each step are one multiplier per coefficient.
 */
public final class ForwardDct {

    private final float[] divisors = new float[64];
    private final float[] work = new float[64];

    /** @param naturalTable the quantization steps in natural (row-major) order */
    public ForwardDct(int[] naturalTable) {
        for (int n = 0; n < 64; n++) {
            double scale = aan(n / 8) * aan(n % 8) * 8;
            divisors[n] = (float) (1.0 / (naturalTable[n] * scale));
        }
    }

    private static double aan(int k) {
        return k == 0 ? 1.0 : Math.cos(k * Math.PI / 16) * Math.sqrt(2);
    }

    /**
     * Transforms and quantizes one block as libjpeg's float path does (rounding half up): the plain form
     * of {@link #changed}, which the re-save count calls instead, kept as its test's reference.
     *
     * @param samples 64 level-shifted samples (value − 128), row-major; left unchanged
     * @param out     the 64 quantized coefficients, natural order
     */
    void quantize(float[] samples, int[] out) {
        float[] w = transform(samples);
        for (int n = 0; n < 64; n++) {
            out[n] = (int) (w[n] * divisors[n] + 16384.5f) - 16384;
        }
    }

    /**
     * How many of the coefficients {@link #quantize} gives for {@code samples} differ from {@code zigzag},
     * the same block's coefficients in zig-zag order: what a re-save would move. Each coefficient is
     * compared as it is quantized, without a branch (whether one moves is a coin toss the processor
     * cannot predict), instead of being stored and read back in the other order.
     *
     * @param samples 64 level-shifted samples, row-major; left unchanged
     * @param zigzag  64 quantized coefficients in zig-zag order
     */
    public int changed(float[] samples, int[] zigzag) {
        float[] w = transform(samples);
        int[] of = ZigZag.OF_NATURAL;
        int changed = 0;
        for (int n = 0; n < 64; n++) {
            int difference = ((int) (w[n] * divisors[n] + 16384.5f) - 16384) ^ zigzag[of[n]];
            changed += (difference | -difference) >>> 31;
        }
        return changed;
    }

    /** The unquantized transform of {@code samples}, in the work array: rows first, then columns. */
    private float[] transform(float[] samples) {
        float[] w = work;
        System.arraycopy(samples, 0, w, 0, 64);
        for (int r = 0; r < 64; r += 8) {
            pass(w, r, 1);
        }
        for (int c = 0; c < 8; c++) {
            pass(w, c, 8);
        }
        return w;
    }

    /** One 8-point AAN forward transform in place, on {@code w[at + i·step]} for i = 0..7. */
    private static void pass(float[] w, int at, int step) {
        float d0 = w[at];
        float d1 = w[at + step];
        float d2 = w[at + 2 * step];
        float d3 = w[at + 3 * step];
        float d4 = w[at + 4 * step];
        float d5 = w[at + 5 * step];
        float d6 = w[at + 6 * step];
        float d7 = w[at + 7 * step];
        float tmp0 = d0 + d7;
        float tmp7 = d0 - d7;
        float tmp1 = d1 + d6;
        float tmp6 = d1 - d6;
        float tmp2 = d2 + d5;
        float tmp5 = d2 - d5;
        float tmp3 = d3 + d4;
        float tmp4 = d3 - d4;
        // even part
        float tmp10 = tmp0 + tmp3;
        float tmp13 = tmp0 - tmp3;
        float tmp11 = tmp1 + tmp2;
        float tmp12 = tmp1 - tmp2;
        w[at] = tmp10 + tmp11;
        w[at + 4 * step] = tmp10 - tmp11;
        float z1 = (tmp12 + tmp13) * 0.707106781f;
        w[at + 2 * step] = tmp13 + z1;
        w[at + 6 * step] = tmp13 - z1;
        // odd part
        tmp10 = tmp4 + tmp5;
        tmp11 = tmp5 + tmp6;
        tmp12 = tmp6 + tmp7;
        float z5 = (tmp10 - tmp12) * 0.382683433f;
        float z2 = 0.541196100f * tmp10 + z5;
        float z4 = 1.306562965f * tmp12 + z5;
        float z3 = tmp11 * 0.707106781f;
        float z11 = tmp7 + z3;
        float z13 = tmp7 - z3;
        w[at + 5 * step] = z13 + z2;
        w[at + 3 * step] = z13 - z2;
        w[at + step] = z11 + z4;
        w[at + 7 * step] = z11 - z4;
    }
}
