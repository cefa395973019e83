package dev.loupe.tool.forensic.noise;

import java.util.Arrays;

/**
 * The image's own noise level as a function of brightness. Camera noise grows with the signal (shot
 * noise) and is reshaped by the tone curve, so a sunlit face is legitimately noisier than a shadow;
 * a block is judged against the blocks of similar brightness, not against the whole image. The
 * function is the median log σ of the measurable blocks in each of {@value #BINS} brightness bins;
 * bins with fewer than {@value #MIN_BLOCKS_PER_BIN} blocks borrow the nearest populated bin.
 */
final class NoiseLevelFunction {

    static final int BINS = 8;
    static final int MIN_BLOCKS_PER_BIN = 6;

    private final double[] expectedLog;

    private NoiseLevelFunction(double[] expectedLog) {
        this.expectedLog = expectedLog;
    }

    static NoiseLevelFunction fit(BlockNoise noise, double fallbackLog) {
        double[][] logs = new double[BINS][noise.sigma().length];
        int[] counts = new int[BINS];
        for (int i = 0; i < noise.sigma().length; i++) {
            if (noise.measurable()[i]) {
                int bin = bin(noise.brightness()[i]);
                logs[bin][counts[bin]++] = Math.log(noise.sigma()[i]);
            }
        }
        double[] expected = new double[BINS];
        boolean[] populated = new boolean[BINS];
        for (int b = 0; b < BINS; b++) {
            if (counts[b] >= MIN_BLOCKS_PER_BIN) {
                double[] values = Arrays.copyOf(logs[b], counts[b]);
                Arrays.sort(values);
                expected[b] = values[values.length / 2];
                populated[b] = true;
            }
        }
        for (int b = 0; b < BINS; b++) {
            if (!populated[b]) {
                expected[b] = nearestPopulated(expected, populated, b, fallbackLog);
            }
        }
        return new NoiseLevelFunction(expected);
    }

    /** The log σ expected of a block of this mean brightness. */
    double expectedLog(float brightness) {
        return expectedLog[bin(brightness)];
    }

    private static int bin(float brightness) {
        return Math.max(0, Math.min(BINS - 1, (int) (brightness * BINS / 256f)));
    }

    private static double nearestPopulated(double[] expected, boolean[] populated, int b, double fallback) {
        for (int d = 1; d < BINS; d++) {
            if (b - d >= 0 && populated[b - d]) {
                return expected[b - d];
            }
            if (b + d < BINS && populated[b + d]) {
                return expected[b + d];
            }
        }
        return fallback;
    }
}
