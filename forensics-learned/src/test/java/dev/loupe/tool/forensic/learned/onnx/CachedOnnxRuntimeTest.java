package dev.loupe.tool.forensic.learned.onnx;

import dev.loupe.natives.NativeLibraryCache;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ONNX Runtime loads its libraries from Loupe's native cache. Each run is a new JVM, since a JVM
 * loads them once; each has its own temporary folder, so that what a run leaves there can be seen.
 */
class CachedOnnxRuntimeTest {

    @TempDir
    Path folder;

    @Test
    void two_first_runs_at_once_then_a_third_share_one_cached_copy_and_leave_no_temporary_folder() throws Exception {
        Path cache = folder.resolve("native");
        Path tmp = Files.createDirectories(folder.resolve("tmp"));

        Process firstA = start(cache, tmp, "first-a");
        Process firstB = start(cache, tmp, "first-b");
        List<String> outputs = new ArrayList<>(List.of(finish(firstA, "first-a"), finish(firstB, "first-b")));
        List<Path> cached = list(cache);
        outputs.add(finish(start(cache, tmp, "third"), "third"));

        assertEquals(2, cached.size(), "the runtime and its JNI binding, nothing half-written: " + cached);
        assertTrue(cached.stream().anyMatch(file -> file.getFileName().toString().endsWith("-" + System.mapLibraryName("onnxruntime"))), cached.toString());
        assertEquals(cached, list(cache));
        assertEquals(List.of(), list(tmp), "ONNX Runtime's temporary folder is left empty, so deleted at exit");
        for (String output : outputs) {
            assertEquals(logits(outputs.get(0)), logits(output));
            for (String line : output.lines().filter(line -> line.startsWith("mapped ")).toList()) {
                assertTrue(line.startsWith("mapped " + cache), "a library loaded from outside the cache: " + line);
            }
        }
    }

    private Process start(Path cache, Path tmp, String name) throws IOException {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + NativeLibraryCache.FOLDER_PROPERTY + "=" + cache, "-Djava.io.tmpdir=" + tmp,
                "-cp", System.getProperty("java.class.path"), OnnxRuntimeProcess.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(folder.resolve(name + ".log").toFile())
                .start();
    }

    private String finish(Process process, String name) throws Exception {
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), name + " did not finish");
        String output = Files.readString(folder.resolve(name + ".log"), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), name + " failed: " + output);
        return output;
    }

    private static String logits(String output) {
        return output.lines().filter(line -> line.startsWith("logits ")).findFirst().orElseThrow(() -> new AssertionError(output));
    }

    private static List<Path> list(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }
}
