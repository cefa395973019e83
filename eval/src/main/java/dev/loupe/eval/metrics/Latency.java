package dev.loupe.eval.metrics;

/** Seconds per analysed item: percentiles, mean and a histogram for the report. */
public record Latency(long count, double p50, double p95, double p99, double mean, double max, Histogram histogram) {

    static Latency of(double[] sorted) {
        double max = sorted.length == 0 ? 0 : sorted[sorted.length - 1];
        return new Latency(sorted.length, Percentiles.nearestRank(sorted, 0.50), Percentiles.nearestRank(sorted, 0.95),
                Percentiles.nearestRank(sorted, 0.99), Percentiles.mean(sorted), max,
                Histogram.of(sorted, 0, max > 0 ? max : 1, 20));
    }
}
