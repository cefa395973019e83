package dev.loupe.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Latencies of several measured steps, run interleaved so a busy machine slows them alike; percentiles in ms. */
final class Figures {

    private final int rounds;
    private final Map<String, double[]> samples = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();

    Figures(int rounds) {
        this.rounds = rounds;
    }

    /** Runs {@code step} once and records its time under {@code name}. */
    void time(String name, Runnable step) {
        long start = System.nanoTime();
        step.run();
        double ms = (System.nanoTime() - start) / 1e6;
        int n = counts.merge(name, 1, Integer::sum) - 1;
        samples.computeIfAbsent(name, key -> new double[rounds])[n] = ms;
    }

    double percentile(String name, double p) {
        double[] sorted = Arrays.copyOf(samples.get(name), counts.get(name));
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }

    /** How many times {@code slower}'s percentile is {@code faster}'s. */
    double ratio(String slower, String faster, double p) {
        return percentile(slower, p) / percentile(faster, p);
    }

    void print(String label, String name) {
        System.out.printf(Locale.ROOT, "  %s: p50 %.2f, p95 %.2f%n", label, percentile(name, 0.5), percentile(name, 0.95));
    }
}
