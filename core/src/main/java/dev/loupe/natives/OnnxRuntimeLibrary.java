package dev.loupe.natives;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Points ONNX Runtime at cached copies of its native libraries. Left alone, ONNX Runtime copies the
 * runtime and its JNI binding (16 MB on Linux x64) out of its jar into a new {@code onnxruntime-java*}
 * temporary folder in every process, and the folder is left behind. With the system property
 * {@code onnxruntime.native.NAME.path} naming a file, it loads that file instead (the binding finds the
 * runtime already loaded, by its soname). ONNX Runtime 1.20 still makes its temporary folder, but left
 * empty it is deleted when the JVM exits.
 *
 * <p>A user's own {@code onnxruntime.native.*} setting wins, and a platform the jar has no library for,
 * or a cache that cannot be written, leaves ONNX Runtime to do as it always did.
 */
public final class OnnxRuntimeLibrary {

    private static final String PROPERTY_PREFIX = "onnxruntime.native.";

    /** What ONNX Runtime loads, in its order: the runtime, then the binding that needs it. */
    private static final String[] LIBRARIES = {"onnxruntime", "onnxruntime4j_jni"};

    private static boolean prepared;

    private OnnxRuntimeLibrary() {
    }

    /**
     * Before ONNX Runtime's first use in the process: {@code runtime} is a class of its jar, such as
     * {@code OrtEnvironment.class} (naming the class does not start ONNX Runtime; using it does).
     */
    public static synchronized void prepare(Class<?> runtime) {
        if (prepared) {
            return;
        }
        prepared = true;
        if (System.getProperties().stringPropertyNames().stream().anyMatch(name -> name.startsWith(PROPERTY_PREFIX))) {
            return;
        }
        try {
            properties(NativeLibraryCache.standard(), runtime).ifPresent(properties -> properties.forEach(System::setProperty));
        } catch (IOException | RuntimeException e) {
            // ONNX Runtime's own extraction still works; the cache only saves its time and its folder.
        }
    }

    /**
     * The properties that make ONNX Runtime load each of its libraries from {@code cache}, copied there
     * first if needed; empty when the class path has not both of them for this platform.
     */
    static Optional<Map<String, String>> properties(NativeLibraryCache cache, Class<?> runtime) throws IOException {
        Optional<String> platform = platform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
        if (platform.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> properties = new LinkedHashMap<>();
        for (String library : LIBRARIES) {
            String resource = "/ai/onnxruntime/native/" + platform.get() + "/" + fileName(library);
            Optional<Path> cached = cache.library(runtime, resource);
            if (cached.isEmpty()) {
                return Optional.empty();
            }
            properties.put(PROPERTY_PREFIX + library + ".path", cached.get().toString());
        }
        return Optional.of(properties);
    }

    /** The jar's folder for this machine, named as ONNX Runtime names it ({@code linux-x64}, {@code osx-aarch64}, {@code win-x64}). */
    static Optional<String> platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        // "darwin" contains "win": macOS is recognised first, as ONNX Runtime does.
        String system = os.contains("mac") || os.contains("darwin") ? "osx"
                : os.contains("win") ? "win"
                : os.contains("nux") ? "linux"
                : null;
        String machine = arch.startsWith("amd64") || arch.startsWith("x86_64") ? "x64"
                : arch.startsWith("x86") ? "x86"
                : arch.startsWith("aarch64") ? "aarch64"
                : arch.startsWith("ppc64") ? "ppc64"
                : null;
        return system == null || machine == null ? Optional.empty() : Optional.of(system + "-" + machine);
    }

    /** ONNX Runtime names a macOS library {@code .dylib}, where the JDK's mapping may say {@code .jnilib}. */
    private static String fileName(String library) {
        return System.mapLibraryName(library).replace("jnilib", "dylib");
    }
}
