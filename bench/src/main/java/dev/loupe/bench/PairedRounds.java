package dev.loupe.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Loupe's timed rounds and the reference's, taken in turn, one pair at a time. On a shared host whose
 * speed drifts by tens of percent from one minute to the next (measured here: the same round 900 ms in
 * one run, 1,450 in the next), ten rounds of one side followed by ten of the other compare two machines;
 * a pair compares the two programs on nearly the same one. The ratio of the means is the figure; the
 * median pair's ratio and the range of the pairs' show how much it can be trusted.
 */
public final class PairedRounds {

    private final List<double[]> pairs = new ArrayList<>();

    /** Records one round of each side, in the same unit. */
    public void add(double loupe, double reference) {
        pairs.add(new double[] {loupe, reference});
    }

    /** The sum of Loupe's rounds over the sum of the reference's. */
    public double ratioOfMeans() {
        double[] sums = sums();
        return sums[0] / sums[1];
    }

    /** The mean of each side's rounds, Loupe's first. */
    public double[] means() {
        double[] sums = sums();
        return new double[] {sums[0] / pairs.size(), sums[1] / pairs.size()};
    }

    private double[] sums() {
        double[] sums = new double[2];
        for (double[] pair : pairs) {
            sums[0] += pair[0];
            sums[1] += pair[1];
        }
        return sums;
    }

    /** Each pair's ratio, smallest first. */
    double[] sortedRatios() {
        double[] ratios = pairs.stream().mapToDouble(pair -> pair[0] / pair[1]).toArray();
        Arrays.sort(ratios);
        return ratios;
    }

    /** "1.02× by mean; pairs: median 1.01×, 0.93–1.10× (10 pairs)". */
    public String summary() {
        double[] ratios = sortedRatios();
        int n = ratios.length;
        double median = n % 2 == 1 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
        return String.format(Locale.ROOT, "%.2f× by mean; pairs: median %.2f×, %.2f–%.2f× (%d pairs)",
                ratioOfMeans(), median, ratios[0], ratios[n - 1], n);
    }
}
