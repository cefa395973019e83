package dev.loupe.bench;

import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;

import java.io.PrintWriter;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A warm, whole offline analysis (every node, every tool of the graph) against OpenCV's ELA alone on
 * the same file, in the same run: each timed round of Loupe's, in this process, is followed by one of
 * {@code evaluation/bench-opencv-ela.py --serve}, a child process ({@link PairedRounds}). Each Loupe round analyses a fresh copy of the bytes, so the
 * shared decode is paid every round, as it is for a new upload. Prints wall and process CPU time
 * (all threads: the tools run in parallel, OpenCV on one thread) and the ratios; the fastest round's
 * CPU time is the figure that others' load on a shared machine disturbs least.
 */
public final class AnalysisBenchmark {

    private final PrintWriter out;

    public AnalysisBenchmark(PrintWriter out) {
        this.out = out;
    }

    /**
     * Runs {@code graph} on {@code image}: {@code warmup} untimed rounds, then {@code rounds} timed ones,
     * each followed by a round of the reference when {@code withReference}.
     */
    public void run(Path image, String graph, int warmup, int rounds, boolean withReference) throws Exception {
        byte[] bytes = Files.readAllBytes(image);
        String name = image.getFileName().toString();
        String loadBefore = Load.average();
        Map<String, Double> nodes = new LinkedHashMap<>();
        double wall = 0;
        double cpu = 0;
        double fastestCpu = Double.MAX_VALUE;
        PairedRounds byWall = new PairedRounds();
        PairedRounds byCpu = new PairedRounds();
        double compilingMs = 0;
        try (Loupe loupe = Loupe.builder().graph(graph).build();
             OpenCvReference.Rounds reference = withReference ? OpenCvReference.fromEnvironment().rounds(image, 3, List.of()) : null) {
            for (int round = 0; round < warmup + rounds; round++) {
                long compiledBefore = compilingMs();
                long start = System.nanoTime();
                long startCpu = processCpuNanos();
                AnalysisResult result = loupe.analyze(bytes.clone(), name);
                double roundCpu = (processCpuNanos() - startCpu) / 1e6;
                double roundWall = (System.nanoTime() - start) / 1e6;
                if (round >= warmup) {
                    compilingMs += compilingMs() - compiledBefore;
                    wall += roundWall;
                    cpu += roundCpu;
                    fastestCpu = Math.min(fastestCpu, roundCpu);
                    result.timings().toMap().forEach((node, seconds) -> nodes.merge(node, seconds * 1000, Double::sum));
                    if (reference != null) {
                        OpenCvReference.Round opencv = reference.next();
                        byWall.add(roundWall, opencv.wallMs());
                        byCpu.add(roundCpu, opencv.cpuMs());
                    }
                }
            }
        }
        out.printf(Locale.ROOT, "%s (%d bytes), graph %s, offline, mean of %d rounds after %d warm-up, %d cores, load %s%n",
                image, bytes.length, graph, rounds, warmup, Runtime.getRuntime().availableProcessors(), loadBefore);
        nodes.forEach((node, ms) -> out.printf(Locale.ROOT, "  node %-22s %8.1f ms%n", node, ms / rounds));
        out.printf(Locale.ROOT, "  %-27s %8s %14s %14s%n", "", "wall", "process CPU", "fastest CPU");
        out.printf(Locale.ROOT, "  %-27s %5.1f ms %11.1f ms %11.1f ms%n", "Loupe, whole analysis", wall / rounds,
                cpu / rounds, fastestCpu);
        if (compilingMs() >= 0) {
            // the compilers take a core from the analysis' own parallel work: a figure with much of this is not warm yet
            out.printf(Locale.ROOT, "  %-27s %8.1f ms a round (the compiler threads' time in the timed rounds)%n",
                    "JIT compiling", compilingMs / rounds);
        }
        if (withReference) {
            out.printf(Locale.ROOT, "  %-27s %5.1f ms %11.1f ms   (a round after each of Loupe's)%n", "OpenCV ELA alone (Python)",
                    byWall.means()[1], byCpu.means()[1]);
            out.printf(Locale.ROOT, "  ratio Loupe / OpenCV by wall:        %s%n", byWall.summary());
            out.printf(Locale.ROOT, "  ratio Loupe / OpenCV by process CPU: %s%n", byCpu.summary());
        }
        out.printf(Locale.ROOT, "  load after: %s%n", Load.average());
        out.flush();
    }

    /** The JIT compilers' accumulated time in ms, or -1 where the JVM does not keep it. */
    private static long compilingMs() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
