package dev.loupe.eval.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * How well P(fake) matches how often images are fake: ten equal-width bins of P(fake) (the
 * reliability diagram), the expected calibration error over them, and the Brier score.
 */
public final class Calibration {

    public static final int BINS = 10;

    /** One bin: its range, how many items fell in it, their mean P(fake) and the share that were fake. */
    public record Bin(double low, double high, long count, double meanProbability, double fractionFake) {
    }

    private final long[] counts = new long[BINS];
    private final double[] sumProbability = new double[BINS];
    private final long[] fakes = new long[BINS];
    private double sumSquaredError;
    private long total;

    /** Counts one item; P(fake) is clamped into [0, 1]. */
    public void add(double pFake, boolean fake) {
        double p = Math.min(1, Math.max(0, pFake));
        int bin = Math.min(BINS - 1, (int) Math.floor(p * BINS));
        counts[bin]++;
        sumProbability[bin] += p;
        fakes[bin] += fake ? 1 : 0;
        double y = fake ? 1 : 0;
        sumSquaredError += (p - y) * (p - y);
        total++;
    }

    public long total() {
        return total;
    }

    /** Σ over bins of (bin count / N) × |mean P(fake) − fraction fake|; NaN with no items. */
    public double expectedCalibrationError() {
        if (total == 0) {
            return Double.NaN;
        }
        double ece = 0;
        for (Bin bin : bins()) {
            if (bin.count() > 0) {
                ece += (double) bin.count() / total * Math.abs(bin.meanProbability() - bin.fractionFake());
            }
        }
        return ece;
    }

    /** The mean of (P(fake) − y)², y = 1 for fake; NaN with no items. */
    public double brier() {
        return total == 0 ? Double.NaN : sumSquaredError / total;
    }

    public List<Bin> bins() {
        List<Bin> bins = new ArrayList<>();
        for (int b = 0; b < BINS; b++) {
            long n = counts[b];
            bins.add(new Bin((double) b / BINS, (double) (b + 1) / BINS, n,
                    n == 0 ? Double.NaN : sumProbability[b] / n, n == 0 ? Double.NaN : (double) fakes[b] / n));
        }
        return bins;
    }
}
