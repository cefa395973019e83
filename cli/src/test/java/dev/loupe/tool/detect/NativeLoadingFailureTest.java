package dev.loupe.tool.detect;

import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OpenCV's native library cannot load on a platform the jar has none for: a separate JVM that reports
 * an unsupported architecture gets one sentence in its result, and no stack trace anywhere.
 */
class NativeLoadingFailureTest {

    @TempDir
    Path dir;

    @Test
    void a_platform_without_opencv_gets_a_one_line_reason_not_a_crash() throws Exception {
        Path image = TestImages.drawn(dir, "scene.png", "png", 64, 48);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(List.of(java.toString(), "-Dos.arch=sparc", "-cp",
                System.getProperty("java.class.path"), "dev.loupe.cli.Main", "analyze", image.toString(), "--graph", "detect",
                "--prompt", "find the faces", "--store", "memory"))
                .directory(Path.of("").toAbsolutePath().toFile()).redirectErrorStream(true).start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the run ends");
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("detect_objects could not run: OpenCV's native library does not load on "
                + "Linux/sparc (Architecture \"sparc\" is not supported.); the offline detector needs it"), output);
        assertFalse(output.contains("Exception"), output);
        assertFalse(output.contains("\tat "), output);
    }
}
