package dev.loupe.eval.metrics;

/**
 * One tool over a run: how often it was called, how often it failed (with the interval), and how
 * long it took.
 */
public record ToolStats(String tool, Rate errorRate, double meanSeconds, double p95Seconds) {

    public long calls() {
        return errorRate.trials();
    }
}
