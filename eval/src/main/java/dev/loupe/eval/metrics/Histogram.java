package dev.loupe.eval.metrics;

/**
 * Counts of values in equal-width bins over [low, high]; a value equal to {@code high} falls in the
 * last bin, values outside the range in the nearest end bin.
 */
public record Histogram(double low, double high, long[] counts) {

    public static Histogram of(double[] values, double low, double high, int bins) {
        long[] counts = new long[bins];
        double width = (high - low) / bins;
        for (double v : values) {
            int bin = width <= 0 ? 0 : (int) Math.floor((v - low) / width);
            counts[Math.min(bins - 1, Math.max(0, bin))]++;
        }
        return new Histogram(low, high, counts);
    }

    public double binWidth() {
        return (high - low) / counts.length;
    }

    public long max() {
        long max = 0;
        for (long c : counts) {
            max = Math.max(max, c);
        }
        return max;
    }
}
