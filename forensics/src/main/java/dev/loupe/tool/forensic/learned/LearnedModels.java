package dev.loupe.tool.forensic.learned;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The learned model a JVM uses, loaded once: the runtime's shipped model, or the file named by the
 * system property {@value #PROPERTY} (a fold's model, so that held-out scoring never uses a model that
 * saw the item). When no runtime is on the class path, or the model cannot be loaded, the reason is
 * one sentence the tools report as their result.
 */
public final class LearnedModels {

    /** The system property naming an ONNX model file to use instead of the shipped one. */
    public static final String PROPERTY = "loupe.learned.model";

    /** The artifact that brings the runtime, as a build file names it. */
    public static final String ARTIFACT = "dev.loupe:loupe-forensics-learned";

    private static Loaded loaded;
    private static String loadedFor;
    /** Models named by file ({@link #file}), each loaded once: a held-out evaluation uses one per fold. */
    private static final Map<Path, Loaded> FILES = new HashMap<>();

    private LearnedModels() {
    }

    /**
     * The model, or why there is none.
     *
     * @param model   the model to use, null when {@code problem} says why there is none
     * @param problem null when there is a model
     */
    public record Loaded(PatchModel model, String problem) {
    }

    /** The model this JVM uses (the property is read on every call, the model loaded once per value). */
    public static synchronized Loaded current() {
        String file = System.getProperty(PROPERTY, "");
        if (loaded == null || !file.equals(loadedFor)) {
            loaded = load(file, ServiceLoader.load(PatchModelRuntime.class, LearnedModels.class.getClassLoader()).iterator());
            loadedFor = file;
        }
        return loaded;
    }

    /** The model in {@code file} (another fold's, say), loaded once per JVM. */
    public static synchronized Loaded file(Path file) {
        return FILES.computeIfAbsent(file.toAbsolutePath().normalize(), f -> load(f.toString(),
                ServiceLoader.load(PatchModelRuntime.class, LearnedModels.class.getClassLoader()).iterator()));
    }

    /** The model {@code file} names (blank: the shipped one) from the first runtime {@code runtimes} yields. */
    static Loaded load(String file, Iterator<PatchModelRuntime> runtimes) {
        if (!runtimes.hasNext()) {
            return new Loaded(null, "the learned residual model's runtime is not on the class path: add the dependency "
                    + ARTIFACT + " (the command line brings it)");
        }
        PatchModelRuntime runtime = runtimes.next();
        try {
            if (file.isBlank()) {
                return new Loaded(runtime.shipped(), null);
            }
            Path path = Path.of(file);
            if (!Files.isRegularFile(path)) {
                return new Loaded(null, file + " (system property " + PROPERTY + "): no such model file");
            }
            return new Loaded(runtime.open(path), null);
        } catch (IOException | RuntimeException | LinkageError e) {
            return new Loaded(null, "the learned residual model does not load (" + firstLine(e) + ")");
        }
    }

    private static String firstLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
