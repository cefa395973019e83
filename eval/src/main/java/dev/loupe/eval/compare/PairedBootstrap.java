package dev.loupe.eval.compare;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The accuracy difference of two runs on the same items with a percentile bootstrap interval:
 * items are resampled with replacement as pairs, so that the correlation between the runs (the same
 * hard images trip both) narrows the interval as it should. A fixed seed makes it reproducible.
 */
public final class PairedBootstrap {

    public static final int RESAMPLES = 10_000;
    public static final long SEED = 20_261_122L;

    /** The observed difference (first minus second) and its 95% interval. */
    public record Interval(double difference, double low, double high, int items, int resamples) {
    }

    private PairedBootstrap() {
    }

    /**
     * @param first  whether the first run was right, per item
     * @param second whether the second run was right, per item (same order)
     */
    public static Interval accuracyDifference(boolean[] first, boolean[] second, int resamples, long seed) {
        int n = first.length;
        if (second.length != n) {
            throw new IllegalArgumentException("the runs must be paired item by item");
        }
        if (n == 0) {
            return new Interval(Double.NaN, Double.NaN, Double.NaN, 0, resamples);
        }
        byte[] delta = new byte[n];
        long observed = 0;
        for (int i = 0; i < n; i++) {
            delta[i] = (byte) ((first[i] ? 1 : 0) - (second[i] ? 1 : 0));
            observed += delta[i];
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] differences = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += delta[random.nextInt(n)];
            }
            differences[r] = (double) sum / n;
        }
        Arrays.sort(differences);
        int lowIndex = (int) Math.floor(0.025 * resamples);
        int highIndex = Math.min(resamples - 1, (int) Math.ceil(0.975 * resamples) - 1);
        return new Interval((double) observed / n, differences[lowIndex], differences[highIndex], n, resamples);
    }
}
