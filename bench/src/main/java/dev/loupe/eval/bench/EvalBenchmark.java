package dev.loupe.eval.bench;

import dev.loupe.eval.manifest.GeneratedImages;

import dev.loupe.Loupe;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.ResultsWriter;
import dev.loupe.eval.manifest.Manifest;
import dev.loupe.eval.manifest.ManifestItem;
import dev.loupe.eval.run.EvalRunner;
import dev.loupe.eval.run.ItemAnalysis;
import dev.loupe.eval.run.ItemOutcome;
import dev.loupe.eval.run.LoupeItemAnalysis;
import dev.loupe.eval.run.Pricing;
import dev.loupe.eval.run.RateLimit;
import dev.loupe.eval.run.RunListener;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The harness benchmark behind {@code loupe eval bench}: prints figures, asserts nothing.
 * <ol>
 *   <li>throughput of the offline graph with 1 and with 2 workers over generated images;</li>
 *   <li>the harness' own cost per item: the full runner (results written and synced) around an
 *       analysis that returns at once, against the mean time of a real analysis;</li>
 *   <li>heap after GC at 1,000, 5,000 and 10,000 items of that trivial analysis.</li>
 * </ol>
 */
public final class EvalBenchmark {

    private static final ItemOutcome TRIVIAL = new ItemOutcome("fake", "edited", 0.8, 0.8,
            Map.of("vision", 0.0, "agent", 0.0, "structuring", 0.0), 0, 0, List.of(), List.of(), null, null);

    private static final int ROUNDS = 3;

    private final PrintWriter out;

    public EvalBenchmark(PrintWriter out) {
        this.out = out;
    }

    /**
     * @param images       generated images for the throughput runs
     * @param trivialItems items of the trivial analysis for overhead and memory
     */
    public void run(int images, int trivialItems) {
        Path work = temp();
        try {
            out.printf(Locale.ROOT, "cores available: %d, max heap %d MB, Java %s%n",
                    Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                    Runtime.version());
            double secondsPerAnalysis = throughput(work, images);
            cpuBoundScaling();
            overheadAndMemory(work, trivialItems, secondsPerAnalysis);
        } finally {
            delete(work);
        }
        out.flush();
    }

    private double throughput(Path work, int images) {
        Manifest manifest = Manifest.load(GeneratedImages.write(work.resolve("set"), images, 800, 600, 7));
        try (Loupe loupe = Loupe.builder().build()) {
            ItemAnalysis analysis = new LoupeItemAnalysis(loupe);
            // Warm the JIT on the whole set first, so that the one-worker pass is not the slow first one.
            timed(analysis, manifest.items(), 2, work.resolve("warmup.jsonl"));
            double[] one = new double[ROUNDS];
            double[] two = new double[ROUNDS];
            out.printf(Locale.ROOT, "throughput, offline forensic graph, %d generated 800x600 JPEGs, %d alternating rounds:%n",
                    images, ROUNDS);
            for (int round = 0; round < ROUNDS; round++) {
                long cpuOne = processCpuNanos();
                one[round] = timed(analysis, manifest.items(), 1, work.resolve("one-" + round + ".jsonl"));
                long cpuTwo = processCpuNanos();
                two[round] = timed(analysis, manifest.items(), 2, work.resolve("two-" + round + ".jsonl"));
                long cpuEnd = processCpuNanos();
                out.printf(Locale.ROOT, "  round %d: 1 worker %5.2f items/s (%.2f cores busy, %.3f CPU s/item), "
                                + "2 workers %5.2f items/s (%.2f cores busy, %.3f CPU s/item), speed-up %.2fx, "
                                + "load average %.1f%n", round + 1, images / one[round], (cpuTwo - cpuOne) / 1e9 / one[round],
                        (cpuTwo - cpuOne) / 1e9 / images, images / two[round], (cpuEnd - cpuTwo) / 1e9 / two[round],
                        (cpuEnd - cpuTwo) / 1e9 / images, one[round] / two[round],
                        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
                out.flush();
            }
            java.util.Arrays.sort(one);
            java.util.Arrays.sort(two);
            double medianOne = one[ROUNDS / 2];
            double medianTwo = two[ROUNDS / 2];
            out.printf(Locale.ROOT, "  median: 1 worker %.2f items/s (%.3f s/item), 2 workers %.2f items/s: "
                    + "speed-up %.2fx (target >= 1.7x on 2 otherwise idle cores)%n", images / medianOne,
                    medianOne / images, images / medianTwo, medianOne / medianTwo);
            return medianOne / images;
        }
    }

    /**
     * The runner alone with an analysis that burns 100 ms of CPU and shares nothing: what two workers
     * can gain on this machine right now, whatever Loupe's own locks and pools do.
     */
    private void cpuBoundScaling() {
        List<ManifestItem> items = syntheticItems(16);
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ItemAnalysis spin = (item, threadId) -> {
            // CPU time, not wall time: a thread the scheduler leaves waiting must not finish early.
            long until = threads.getCurrentThreadCpuTime() + 100_000_000L;
            double x = item.index();
            while (threads.getCurrentThreadCpuTime() < until) {
                for (int i = 0; i < 10_000; i++) {
                    x = Math.sqrt(x + 1.5);
                }
            }
            return x < 0 ? null : TRIVIAL;
        };
        Path work = temp();
        try {
            long cpu0 = processCpuNanos();
            double one = timed(spin, items, 1, work.resolve("spin-one.jsonl"));
            long cpu1 = processCpuNanos();
            double two = timed(spin, items, 2, work.resolve("spin-two.jsonl"));
            long cpu2 = processCpuNanos();
            out.printf(Locale.ROOT, "runner alone, a 100 ms CPU-bound stand-in analysis, 16 items: 1 worker %.2f items/s "
                            + "(%.2f cores busy), 2 workers %.2f items/s (%.2f cores busy): speed-up %.2fx%n",
                    items.size() / one, (cpu1 - cpu0) / 1e9 / one, items.size() / two, (cpu2 - cpu1) / 1e9 / two, one / two);
        } finally {
            delete(work);
        }
    }

    private void overheadAndMemory(Path work, int items, double secondsPerAnalysis) {
        List<ManifestItem> todo = syntheticItems(items);
        ItemAnalysis trivial = (item, threadId) -> TRIVIAL;
        timed(trivial, todo.subList(0, Math.min(2000, items)), 1, work.resolve("warm-trivial.jsonl"));
        double seconds = timed(trivial, todo, 1, work.resolve("trivial.jsonl"));
        double perItemMs = seconds * 1000 / items;
        out.printf(Locale.ROOT, "harness overhead, 1 worker, %d items, results written and fsynced every 8 lines:%n", items);
        out.printf(Locale.ROOT, "  %.4f ms per item (target <= 2 ms), %.3f%% of a %.0f ms offline analysis%n",
                perItemMs, 100 * perItemMs / (secondsPerAnalysis * 1000), secondsPerAnalysis * 1000);
        List<String> heap = new ArrayList<>();
        RunListener sampler = new RunListener() {
            private int done;

            @Override
            public void finished(ItemResult result) {
                done++;
                if (done == 1000 || done == 5000 || done == 10_000 || done == items) {
                    heap.add(String.format(Locale.ROOT, "%,d items: %.1f MB", done, heapAfterGc() / 1048576.0));
                }
            }
        };
        Path results = work.resolve("memory.jsonl");
        try (ResultsWriter writer = ResultsWriter.append(results, 8)) {
            new EvalRunner(trivial, 2, RateLimit.NONE, Pricing.NONE).run(todo, todo.size(), i -> "bench-" + i, writer, sampler);
        }
        out.printf(Locale.ROOT, "heap after GC, 2 workers, trivial analysis: %s%n", String.join(", ", heap));
    }

    /**
     * Runs {@code items} and returns the seconds taken. Thread ids are unique per pass (named after
     * the results file): a thread id the store already finished would be answered from the store.
     */
    private static double timed(ItemAnalysis analysis, List<ManifestItem> items, int workers, Path results) {
        String prefix = results.getFileName().toString().replace(".jsonl", "") + "-";
        long start = System.nanoTime();
        try (ResultsWriter writer = ResultsWriter.append(results, 8)) {
            new EvalRunner(analysis, workers, RateLimit.NONE, Pricing.NONE)
                    .run(items, items.size(), i -> prefix + i, writer, RunListener.NONE);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static List<ManifestItem> syntheticItems(int count) {
        List<ManifestItem> items = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String path = "images/item-" + i + ".jpg";
            items.add(new ManifestItem(i, i + 2, path, path, Path.of(path), i % 2 == 0 ? "real" : "fake", "synthetic",
                    Map.of("source", "bench")));
        }
        return items;
    }

    /** CPU time of this process; one analysis already runs its tools in parallel, so one worker can keep more than one core busy. */
    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }

    private static long heapAfterGc() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private static Path temp() {
        try {
            return Files.createTempDirectory("loupe-eval-bench");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder left behind is harmless
        }
    }
}
