package dev.loupe.bench;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Whether memory stays flat over many analyses in one process: one {@link Loupe} (offline, threads
 * in a SQLite file, as {@code loupe serve} keeps them by default) analyses the same file again and again, each time as
 * fresh bytes, and the heap after a full GC is printed at 10, 100, 1,000 … analyses, with the ratio
 * of the last to the first. With {@code memory} as the store every checkpoint stays on the heap by
 * design, and shows as the slope.
 */
public final class MemoryBenchmark {

    private final PrintWriter out;

    public MemoryBenchmark(PrintWriter out) {
        this.out = out;
    }

    /** @param store where threads go: a SQLite file (as {@code loupe serve} keeps them) or {@code memory} */
    public void run(Path image, String graph, int analyses, String store) throws Exception {
        byte[] bytes = Files.readAllBytes(image);
        String name = image.getFileName().toString();
        out.printf(Locale.ROOT, "%s (%d bytes), graph %s, offline, store %s, %d analyses, load %s%n",
                image, bytes.length, graph, store, analyses, Load.average());
        out.printf(Locale.ROOT, "  %10s %16s %10s %10s%n", "analyses", "heap after GC", "RSS", "seconds");
        double first = Double.NaN;
        double last = Double.NaN;
        long start = System.nanoTime();
        try (Loupe loupe = Loupe.builder().graph(graph).store(StoreLocation.parse(store)).build()) {
            for (int done = 1, next = 10; done <= analyses; done++) {
                loupe.analyze(bytes.clone(), name);
                if (done == next || done == analyses) {
                    double heap = heapAfterGc();
                    first = Double.isNaN(first) ? heap : first;
                    last = heap;
                    out.printf(Locale.ROOT, "  %10d %13.1f MB %7.0f MB %10.1f%n", done, heap, residentMb(),
                            (System.nanoTime() - start) / 1e9);
                    out.flush();
                    next *= 10;
                }
            }
        }
        out.printf(Locale.ROOT, "  heap after GC, last / first: %.2f×; per analysis after the first checkpoint: %.1f KB%n",
                last / first, (last - first) * 1000 / Math.max(1, analyses - 10));
        out.printf(Locale.ROOT, "  load after: %s%n", Load.average());
        out.flush();
    }

    static double heapAfterGc() throws InterruptedException {
        System.gc();
        Thread.sleep(200); // cleared weak references reach their queues on another thread
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1e6;
    }

    /** This process' resident set in MB, from {@code /proc/self/status}; NaN where there is none. */
    static double residentMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
        return Double.NaN;
    }
}
