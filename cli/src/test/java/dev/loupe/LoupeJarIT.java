package dev.loupe;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged jar as a newcomer runs it: {@code java -jar cli/target/loupe.jar analyze} on the
 * bundled sample, and on bad files. Runs after {@code package}, in {@code mvn verify}.
 */
class LoupeJarIT {

    private static final Path JAR = Path.of("cli", "target", "loupe.jar");

    @TempDir
    Path dir;

    record Run(int exit, String out, String err, long millis) {
    }

    private static Run loupe(Path workDir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toAbsolutePath().toString()));
        command.addAll(List.of(args));
        return run(workDir, command, Map.of());
    }

    /** The documented launcher, {@code bin/loupe}, with the same JVM as the tests and {@code environment} added. */
    private static Run launcher(Path workDir, Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("sh", Path.of("bin", "loupe").toAbsolutePath().toString()));
        command.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(environment);
        env.put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return run(workDir, command, env);
    }

    private static Run run(Path workDir, List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        builder.environment().put("LOUPE_STORE", workDir.resolve("loupe.db").toString());
        builder.environment().putAll(environment);
        Process process = builder
                .redirectOutput(workDir.resolve("out.txt").toFile())
                .redirectError(workDir.resolve("err.txt").toFile())
                .start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "loupe did not finish");
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Run(process.exitValue(), Files.readString(workDir.resolve("out.txt")),
                Files.readString(workDir.resolve("err.txt")), millis);
    }

    /**
     * The README's quick start, on the tests' own JDK and on every other JDK 17 or later the machine has
     * under /usr/lib/jvm (this kind of machine has two: Debian's 17 and Temurin's 25). Java 24 and later
     * print four warnings when a class path library loads native code (OpenCV, ONNX Runtime) unless the
     * jar's manifest allows it: a newcomer on a newer JDK must see the same clean output.
     */
    @ParameterizedTest
    @MethodSource("javas")
    void the_readme_quick_start_prints_a_verdict_with_evidence_and_nothing_else_on_every_java(Path java) throws Exception {
        Path sample = Path.of("evaluation", "samples", "camera-original.jpg").toAbsolutePath();

        Run run = run(dir, List.of(java.toString(), "-jar", JAR.toAbsolutePath().toString(), "analyze", sample.toString()),
                Map.of());

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("camera-original.jpg: "), run.out());
        assertTrue(run.out().contains("evidence:"), run.out());
        assertEquals("", run.err());
    }

    static Stream<Named<Path>> javas() throws IOException {
        List<Path> homes = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"))));
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> listed = Files.list(jvms)) {
                listed.sorted().forEach(homes::add);
            }
        }
        Map<Path, Named<Path>> found = new LinkedHashMap<>();
        for (Path home : homes) {
            Path java = home.resolve("bin").resolve("java");
            int feature = featureVersion(home);
            if (feature >= 17 && Files.isExecutable(java)) {
                found.putIfAbsent(java.toRealPath(), Named.of("Java " + feature + " (" + home + ")", java));
            }
        }
        return found.values().stream();
    }

    /** The feature version a JDK's {@code release} file states (JAVA_VERSION="25.0.3" is 25), or 0. */
    private static int featureVersion(Path home) throws IOException {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return 0;
        }
        Matcher version = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)").matcher(Files.readString(release));
        return version.find() ? Integer.parseInt(version.group(1)) : 0;
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
    void the_launcher_runs_with_a_heap_smaller_than_its_start_and_says_in_one_line_when_memory_runs_out() throws Exception {
        Path sample = Path.of("evaluation", "samples", "camera-original.jpg").toAbsolutePath();

        // below the 128 MB the heap starts at: the JVM refuses a start above the largest heap
        Run small = launcher(dir, Map.of("LOUPE_HEAP", "100m"), "analyze", sample.toString());
        // far too small for a 1600x1200 analysis
        Run tiny = launcher(dir, Map.of("LOUPE_HEAP", "12m"), "analyze", sample.toString());

        assertEquals(0, small.exit(), small.err());
        assertTrue(small.out().startsWith("camera-original.jpg: "), small.out());
        assertEquals(3, tiny.exit(), tiny.out() + tiny.err());
        assertEquals(1, tiny.err().lines().count(), tiny.err());
        assertTrue(tiny.err().startsWith("loupe: out of memory") && tiny.err().contains("LOUPE_HEAP"), tiny.err());
    }

    @Test
    void version_prints_the_project_version() throws Exception {
        Run run = loupe(dir, "--version");

        assertEquals(0, run.exit());
        assertTrue(run.out().startsWith("loupe 0."), run.out());
    }
}
