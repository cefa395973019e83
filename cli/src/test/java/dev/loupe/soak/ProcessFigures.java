package dev.loupe.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a process holds, read from outside it: its heap after a full collection (asked for with
 * {@code jcmd}), its open file descriptors and its threads (from {@code /proc}).
 *
 * @param heapAfterGcKb heap in use after {@code GC.run}, in KiB
 * @param fileDescriptors open descriptors (sockets, files, the SQLite database)
 * @param threads live threads
 */
record ProcessFigures(long heapAfterGcKb, int fileDescriptors, int threads) {

    private static final Pattern USED = Pattern.compile("heap\\s+total \\d+K, used (\\d+)K");

    /** Collects garbage in {@code pid}, then reads the figures. */
    static ProcessFigures of(long pid) throws IOException, InterruptedException {
        jcmd(pid, "GC.run");
        long heap = -1;
        Matcher used = USED.matcher(jcmd(pid, "GC.heap_info"));
        if (used.find()) {
            heap = Long.parseLong(used.group(1));
        }
        int fds;
        try (var entries = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
            fds = (int) entries.count();
        }
        int threads = -1;
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
            if (line.startsWith("Threads:")) {
                threads = Integer.parseInt(line.substring(8).strip());
            }
        }
        return new ProcessFigures(heap, fds, threads);
    }

    private static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(List.of("jcmd", String.valueOf(pid), command)).redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes());
        if (!jcmd.waitFor(60, TimeUnit.SECONDS)) {
            jcmd.destroyForcibly();
        }
        return out;
    }

    @Override
    public String toString() {
        return String.format("heap after GC %.1f MB, %d file descriptors, %d threads", heapAfterGcKb / 1024.0, fileDescriptors, threads);
    }
}
