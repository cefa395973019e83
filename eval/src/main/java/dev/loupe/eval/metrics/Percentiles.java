package dev.loupe.eval.metrics;

/** Percentiles by the nearest-rank method: the smallest value with at least q of the data at or below it. */
public final class Percentiles {

    private Percentiles() {
    }

    /**
     * @param sorted values in ascending order
     * @param q      the quantile, in (0, 1]
     * @return the value at rank ⌈q·n⌉, or NaN with no values
     */
    public static double nearestRank(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(q * sorted.length - 1e-9);
        return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
    }

    public static double mean(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
