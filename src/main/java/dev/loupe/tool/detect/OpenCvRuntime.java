package dev.loupe.tool.detect;

import java.util.Optional;

/**
 * Loads OpenCV's native library from the openpnp jar once per JVM. A platform the jar has no library
 * for, a temporary folder that cannot be written, or a broken library becomes one sentence, never a
 * crash: the detector reports it as the tool's error.
 */
public final class OpenCvRuntime {

    private static volatile boolean loaded;
    private static volatile String failure;

    private OpenCvRuntime() {
    }

    /** Empty when OpenCV is ready; otherwise why it is not. */
    public static synchronized Optional<String> problem() {
        if (loaded) {
            return Optional.empty();
        }
        if (failure == null) {
            try {
                nu.pattern.OpenCV.loadLocally();
                loaded = true;
                return Optional.empty();
            } catch (Throwable e) {
                failure = "OpenCV's native library does not load on " + System.getProperty("os.name") + "/"
                        + System.getProperty("os.arch") + " (" + firstLine(e) + "); the offline detector needs it";
            }
        }
        return Optional.of(failure);
    }

    private static String firstLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
