package dev.loupe.tool.forensic.keypoints;

import dev.loupe.natives.NativeLibraryCache;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Loads OpenCV's native library from the openpnp jar once per JVM. OpenCV is an optional dependency
 * of {@code loupe-forensics} (110 MB for the keypoint copy-move tool alone): its absence, a platform
 * the jar has no library for, a temporary folder that cannot be written, or a broken library becomes
 * one sentence, never a crash, which the tools that need OpenCV report as their result.
 *
 * <p>The library (65 MB on Linux) is loaded from Loupe's {@link NativeLibraryCache}, copied there by
 * the first process that needs it; openpnp's own loader, which copies it to a new temporary folder
 * every time, is the fallback when the cache cannot be written.
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
                load();
                loaded = true;
                return Optional.empty();
            } catch (NoClassDefFoundError e) {
                failure = "OpenCV is not on the class path: add the dependency org.openpnp:opencv (loupe-detect brings it) to run "
                        + "copy_move_keypoints and the offline detector";
            } catch (Throwable e) {
                failure = "OpenCV's native library does not load on " + System.getProperty("os.name") + "/"
                        + System.getProperty("os.arch") + " (" + firstLine(e) + "); the offline detector needs it";
            }
        }
        return Optional.of(failure);
    }

    private static void load() {
        Optional<Path> cached = cachedLibrary();
        if (cached.isPresent()) {
            try {
                System.load(cached.get().toString());
                return;
            } catch (UnsatisfiedLinkError e) {
                // A cached copy that does not link here: openpnp's loader says why, or succeeds.
            }
        }
        nu.pattern.OpenCV.loadLocally();
    }

    /** The cached copy of the library openpnp ships for this platform, if it ships one and the cache works. */
    private static Optional<Path> cachedLibrary() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String folder = os.startsWith("linux") ? "linux" : os.startsWith("mac") ? "osx" : os.startsWith("windows") ? "windows" : null;
        String machine = switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "ARMv8";
            default -> null;
        };
        if (folder == null || machine == null) {
            return Optional.empty();
        }
        String resource = "/nu/pattern/opencv/" + folder + "/" + machine + "/"
                + System.mapLibraryName(org.opencv.core.Core.NATIVE_LIBRARY_NAME);
        try {
            return NativeLibraryCache.standard().library(nu.pattern.OpenCV.class, resource);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
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
