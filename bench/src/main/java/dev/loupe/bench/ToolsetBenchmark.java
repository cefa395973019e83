package dev.loupe.bench;

import dev.loupe.image.LocalImages;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.bench.Load;
import dev.loupe.bench.OpenCvReference;
import dev.loupe.bench.PairedRounds;
import dev.loupe.core.ComputeBudget;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.pixel.PixelSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Times every tool on the class path over the given images: a few warm-up rounds, then timed rounds,
 * each on a fresh {@link LoadedImage} so that the shared decode is paid once per round (and shown on
 * its own line): for a baseline JPEG the coefficient pass that the coefficient and pixel tools share,
 * for anything else the ImageIO pixel decode. Tools run one after another on the calling thread; pin the JVM to one core
 * for a one-core figure. Wall and thread CPU time are both printed:
 * {@code taskset -c 0 java -XX:ActiveProcessorCount=1 -cp ... dev.loupe.bench.ToolsetBenchmark a.jpg}.
 * Options: {@code --warmup N} (default 30), {@code --rounds N} (default 10), {@code --tools a,b}, and
 * {@code --opencv}: OpenCV's ELA alone on the same file ({@code evaluation/bench-opencv-ela.py --serve}, a
 * child process, so on the same core under {@code taskset}), one round of it after each timed round of
 * Loupe's ({@link PairedRounds}: a shared host's speed drifts between minutes), and the ratios by mean
 * and over the pairs, with the load average before and after. Thread CPU
 * leaves out the collector's and the compiler's threads; the whole process's CPU per round is printed
 * too, and a ratio by it (OpenCV's figure is its process's), and what each step allocates (the
 * collector's work). Each round ends by releasing the image's shared decode, as the engine does when an
 * analysis ends. The default 30 warm-up rounds (about 20 s on a 24 MP file, as long as JMH's default
 * warm-up) are for the process figure: the JIT's threads, which it counts, still compiled about 28 ms per
 * round around round 20 and 7–20 ms per round after round 30 (methods called once per image reach the
 * optimising compiler late). The collector's share depends on its flags: run it with those {@code bin/loupe}
 * gives long-running commands ({@code -XX:PretenureSizeThreshold=4m}).
 */
public final class ToolsetBenchmark {

    /** CPU time of the benchmark thread: the machine may be shared, and wall time then overstates the work. */
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

    /** CPU time of the whole process (collector and compiler threads included), where the JVM offers it. */
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    private ToolsetBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int warmup = 30; // the JIT is still compiling after fewer, on other threads that the process figure counts
        int rounds = 10;
        boolean opencv = false;
        ToolRegistry registry = ToolRegistry.discover();
        java.util.List<Path> images = new java.util.ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--tools" -> registry = registry.select(java.util.List.of(args[++i].split(",")));
                case "--opencv" -> opencv = true;
                default -> images.add(Path.of(args[i]));
            }
        }
        if (images.isEmpty()) {
            System.err.println("usage: ToolsetBenchmark [--warmup N] [--rounds N] [--tools a,b] [--opencv] image...");
            System.exit(2);
        }
        ToolRegistry tools = registry;
        for (Path path : images) {
            String loadBefore = Load.average();
            byte[] bytes = Files.readAllBytes(path);
            Map<String, Double> totals = new LinkedHashMap<>();
            Map<String, Double> cpu = new LinkedHashMap<>();
            // what each step allocates is what the collector later pays for, on threads the thread CPU leaves out
            Map<String, Double> allocated = new LinkedHashMap<>();
            // on a shared machine the fastest round is the steadiest figure: others' work only adds
            double fastest = Double.MAX_VALUE;
            // the whole process too: the collector's and the compiler's work is not on this thread
            double processCpu = 0;
            double fastestProcess = Double.MAX_VALUE;
            // with --opencv, a round of the reference after each timed round of Loupe's, on the same core
            PairedRounds byThread = new PairedRounds();
            PairedRounds byProcess = new PairedRounds();
            PairedRounds byWall = new PairedRounds();
            try (OpenCvReference.Rounds reference = opencv ? OpenCvReference.fromEnvironment().rounds(path, 3, java.util.List.of()) : null) {
                for (int round = 0; round < warmup + rounds; round++) {
                    boolean timed = round >= warmup;
                    // A fresh image each round: the coefficient tools share one decode per image (CoefficientPass).
                    // Loading it (the copy, the header) is the benchmark's work, not the toolset's: the clock starts
                    // after, as OpenCV's starts at imdecode with the file already in memory.
                    LoadedImage image = load(path, bytes.clone());
                    long processStart = PROCESS.getProcessCpuTime();
                    // Holding a core as the analysis' tools do: the shared pass then uses a second core only
                    // if the JVM has one (with one, every piece of work is on this thread and its CPU time).
                    boolean first = round == 0;
                    long wallStart = System.nanoTime();
                    double roundCpu = ComputeBudget.run(() -> round(tools, image, first, timed, totals, cpu, allocated));
                    double roundWall = (System.nanoTime() - wallStart) / 1e6;
                    double roundProcess = (PROCESS.getProcessCpuTime() - processStart) / 1e6;
                    if (timed) {
                        fastest = Math.min(fastest, roundCpu);
                        processCpu += roundProcess / rounds;
                        fastestProcess = Math.min(fastestProcess, roundProcess);
                        if (reference != null) {
                            OpenCvReference.Round opencvRound = reference.next();
                            double referenceCpu = opencvRound.cpuMs();
                            byThread.add(roundCpu, referenceCpu);
                            byProcess.add(roundProcess, referenceCpu);
                            byWall.add(roundWall, opencvRound.wallMs());
                        }
                    }
                }
            }
            if (ComputeBudget.size() > 1) {
                System.out.println("  note: " + ComputeBudget.size() + " cores: thread CPU leaves out the shared pass' work on "
                        + "the second core; run with taskset -c 0 and -XX:ActiveProcessorCount=1 for the one-core figure");
            }
            System.out.printf(Locale.ROOT, "%s (%d bytes), mean of %d rounds after %d warm-up; %s%n", path, bytes.length, rounds,
                    warmup, collector());
            System.out.printf(Locale.ROOT, "  %-26s %9s %12s %12s%n", "", "wall", "thread CPU", "allocated");
            double sum = 0;
            double sumCpu = 0;
            double sumAllocated = 0;
            for (Map.Entry<String, Double> entry : totals.entrySet()) {
                double mean = entry.getValue() / rounds;
                double meanCpu = cpu.get(entry.getKey()) / rounds;
                double meanAllocated = allocated.get(entry.getKey()) / rounds;
                sum += mean;
                sumCpu += meanCpu;
                sumAllocated += meanAllocated;
                System.out.printf(Locale.ROOT, "  %-26s %6.1f ms %9.1f ms %9.1f MB%n", entry.getKey(), mean, meanCpu, meanAllocated);
            }
            System.out.printf(Locale.ROOT, "  %-26s %6.1f ms %9.1f ms %9.1f MB%n", "TOTAL", sum, sumCpu, sumAllocated);
            System.out.printf(Locale.ROOT, "  %-26s %9s %9.1f ms%n", "TOTAL, fastest round", "", fastest);
            System.out.printf(Locale.ROOT, "  %-26s %9s %9.1f ms (fastest round %.1f ms: the collector and the compiler "
                    + "included)%n", "TOTAL, process CPU", "", processCpu, fastestProcess);
            if (opencv) {
                System.out.printf(Locale.ROOT, "  %-26s %9s %9.1f ms (process CPU, its rounds taken in turn with Loupe's)%n",
                        "OpenCV ELA alone", "", byProcess.means()[1]);
                System.out.printf(Locale.ROOT, "  ratio by thread CPU:  %s%n", byThread.summary());
                System.out.printf(Locale.ROOT, "  ratio by process CPU: %s (load %s before, %s after)%n",
                        byProcess.summary(), loadBefore, Load.average());
                // on more than one core the wall time is the figure (the pass splits across two); on one it
                // also counts the collector's and the compiler's turns on that core
                System.out.printf(Locale.ROOT, "  ratio by wall:        %s (OpenCV's ELA alone %.1f ms wall)%n",
                        byWall.summary(), byWall.means()[1]);
            }
            // what stays reachable once the analyses are done: it must not grow with their number
            System.gc();
            java.lang.management.MemoryUsage heap = java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
            System.out.printf(Locale.ROOT, "  heap after %d analyses and a GC: %.1f MB used of %.0f MB max%n",
                    warmup + rounds, heap.getUsed() / 1e6, heap.getMax() / 1e6);
        }
    }

    /** One round of the shared decode and every tool; returns its thread CPU time in ms. */
    private static double round(ToolRegistry registry, LoadedImage image, boolean first, boolean timed,
                                Map<String, Double> totals, Map<String, Double> cpu,
                                Map<String, Double> allocated) throws Exception {
        long roundStartCpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        long startCpu = THREADS.getCurrentThreadCpuTime();
        long startBytes = THREADS.getCurrentThreadAllocatedBytes();
        PixelSource.of(image);
        add(totals, "(shared decode)", timed, start);
        add(cpu, "(shared decode)", timed, startCpu, THREADS.getCurrentThreadCpuTime());
        add(allocated, "(shared decode)", timed, startBytes / 1e6, THREADS.getCurrentThreadAllocatedBytes() / 1e6);
        for (Tool tool : registry.all()) {
            start = System.nanoTime();
            startCpu = THREADS.getCurrentThreadCpuTime();
            startBytes = THREADS.getCurrentThreadAllocatedBytes();
            ToolResult result = tool.run(ToolContext.of(image), JsonNodeFactory.instance.objectNode());
            add(totals, tool.name(), timed, start);
            add(cpu, tool.name(), timed, startCpu, THREADS.getCurrentThreadCpuTime());
            add(allocated, tool.name(), timed, startBytes / 1e6, THREADS.getCurrentThreadAllocatedBytes() / 1e6);
            if (first) {
                System.out.println("  " + tool.name() + ": " + result.status().wireName()
                        + (result.error() != null ? " (" + result.error() + ")" : ""));
            }
        }
        // as the engine does when an analysis ends (AnalysisGraph.run): otherwise every round's planes stay
        // strongly held until a collection clears their weak key, and that collection copies them all
        registry.all().forEach(tool -> tool.definition().sharedDecode().ifPresent(decode -> decode.release(image)));
        return (THREADS.getCurrentThreadCpuTime() - roundStartCpu) / 1e6;
    }

    private static void add(Map<String, Double> totals, String name, boolean timed, long start) {
        add(totals, name, timed, start, System.nanoTime());
    }

    private static void add(Map<String, Double> totals, String name, boolean timed, long start, long end) {
        add(totals, name, timed, start / 1e6, end / 1e6);
    }

    private static void add(Map<String, Double> totals, String name, boolean timed, double start, double end) {
        totals.merge(name, timed ? end - start : 0.0, Double::sum);
    }

    /**
     * The collector and the largest heap: the process figure depends on them (the serial collector, which a
     * JVM given one CPU picks, copies the 24 MP planes; G1 leaves arrays that large where they are).
     */
    private static String collector() {
        String names = java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(java.lang.management.GarbageCollectorMXBean::getName).collect(java.util.stream.Collectors.joining(" + "));
        return String.format(Locale.ROOT, "collector %s, heap at most %.0f MB", names, Runtime.getRuntime().maxMemory() / 1e6);
    }

    private static LoadedImage load(Path path, byte[] bytes) {
        return LocalImages.of(path, path.getFileName().toString(), bytes)
                .orElseThrow(() -> new IllegalArgumentException(path + ": not an image format Loupe knows"));
    }
}
