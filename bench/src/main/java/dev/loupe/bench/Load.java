package dev.loupe.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's load average, printed beside every figure: on a shared machine it says how far to trust it. */
public final class Load {

    private Load() {
    }

    /** The 1, 5 and 15 minute load averages as {@code /proc/loadavg} states them, or "unknown". */
    public static String average() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
