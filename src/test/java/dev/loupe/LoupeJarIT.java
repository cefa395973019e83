package dev.loupe;

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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged jar as a newcomer runs it: {@code java -jar target/loupe.jar analyze} on the
 * bundled sample, and on bad files. Runs after {@code package}, in {@code mvn verify}.
 */
class LoupeJarIT {

    private static final Path JAR = Path.of("target", "loupe.jar");

    @TempDir
    Path dir;

    record Run(int exit, String out, String err, long millis) {
    }

    private static Run loupe(Path workDir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toAbsolutePath().toString()));
        command.addAll(List.of(args));
        long start = System.nanoTime();
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        builder.environment().put("LOUPE_STORE", workDir.resolve("loupe.db").toString());
        Process process = builder
                .redirectOutput(workDir.resolve("out.txt").toFile())
                .redirectError(workDir.resolve("err.txt").toFile())
                .start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "loupe did not finish");
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Run(process.exitValue(), Files.readString(workDir.resolve("out.txt")),
                Files.readString(workDir.resolve("err.txt")), millis);
    }

    @Test
    void the_readme_quick_start_prints_a_verdict_with_evidence() throws Exception {
        Path sample = Path.of("evaluation", "samples", "camera-original.jpg").toAbsolutePath();

        Run run = loupe(dir, "analyze", sample.toString());

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("camera-original.jpg: "), run.out());
        assertTrue(run.out().contains("evidence:"), run.out());
        assertEquals("", run.err());
    }

    @Test
    void a_bad_file_gives_exit_2_and_one_line_from_the_jar() throws Exception {
        Path bad = Files.writeString(dir.resolve("notes.jpg"), "not an image", StandardCharsets.UTF_8);

        Run run = loupe(dir, "analyze", bad.toString());

        assertEquals(2, run.exit());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("notes.jpg"), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
        System.out.println("bad input answered by the jar in " + run.millis() + " ms (JVM start included)");
    }

    @Test
    void version_prints_the_project_version() throws Exception {
        Run run = loupe(dir, "--version");

        assertEquals(0, run.exit());
        assertTrue(run.out().startsWith("loupe 0."), run.out());
    }
}
