package dev.loupe.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Latencies of several measured steps, run interleaved so a busy machine slows them alike;
 * percentiles in ms. Beside the wall-clock time each step's CPU time on the calling thread is kept:
 * on a machine busy with other work, that is close to what the step takes on an idle one when the
 * step runs on that thread alone (a scan), and a lower bound when it also uses other threads
 * (ONNX runtime's worker, for an embedding).
 */
final class Figures {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final int rounds;
    private final Map<String, double[]> samples = new LinkedHashMap<>();
    private final Map<String, double[]> cpu = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();

    Figures(int rounds) {
        this.rounds = rounds;
    }

    /** Runs {@code step} once and records its time under {@code name}. */
    void time(String name, Runnable step) {
        long cpuStart = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        step.run();
        double ms = (System.nanoTime() - start) / 1e6;
        double cpuMs = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e6;
        int n = counts.merge(name, 1, Integer::sum) - 1;
        samples.computeIfAbsent(name, key -> new double[rounds])[n] = ms;
        cpu.computeIfAbsent(name, key -> new double[rounds])[n] = cpuMs;
    }

    double percentile(String name, double p) {
        return percentile(samples.get(name), counts.get(name), p);
    }

    /** The percentile of the step's CPU time on the calling thread. */
    double cpuPercentile(String name, double p) {
        return percentile(cpu.get(name), counts.get(name), p);
    }

    private static double percentile(double[] values, int count, double p) {
        double[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }

    /** How many times {@code slower}'s percentile is {@code faster}'s. */
    double ratio(String slower, String faster, double p) {
        return percentile(slower, p) / percentile(faster, p);
    }

    void print(String label, String name) {
        System.out.printf(Locale.ROOT, "  %s: p50 %.2f, p95 %.2f (CPU on the calling thread: p50 %.2f, p95 %.2f)%n", label,
                percentile(name, 0.5), percentile(name, 0.95), cpuPercentile(name, 0.5), cpuPercentile(name, 0.95));
    }
}
