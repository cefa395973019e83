package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.manifest.GeneratedImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code loupe eval} in its own JVM, killed with SIGKILL part-way, then resumed: every item ends
 * with exactly one result line and every line parses.
 */
class EvalKillAndResumeTest {

    private static final int ITEMS = 30;

    @TempDir
    Path dir;

    @Test
    void a_run_killed_part_way_and_resumed_has_every_item_exactly_once() throws Exception {
        Path manifest = GeneratedImages.write(dir.resolve("set"), ITEMS, 160, 120, 3);
        Path run = dir.resolve("run");
        Path results = run.resolve("results.jsonl");
        String store = dir.resolve("threads.db").toString();
        Process process = new ProcessBuilder(javaBinary(), "-cp", System.getProperty("java.class.path"),
                "dev.loupe.cli.Main", "eval", manifest.toString(), "--out", run.toString(), "--workers", "2",
                "--store", store)
                .redirectErrorStream(true).redirectOutput(dir.resolve("first.log").toFile()).start();
        int before = waitForLines(process, results, 3);
        process.destroyForcibly();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        int afterKill = countLines(results);
        assertTrue(afterKill < ITEMS, "the run finished before it could be killed (" + afterKill + " lines)");
        // A crash in the middle of a write leaves a torn line; append one so resume must cope with it.
        Files.writeString(results, "{\"index\":" + (ITEMS - 1) + ",\"id\":\"images/gen", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);

        CliRun resumed = CliRun.of("eval", "--resume", run.toString(), "--workers", "2");

        System.out.printf("kill-and-resume: first seen %d lines, %d after SIGKILL, %d after resume%n", before, afterKill,
                countLines(results));
        assertEquals(0, resumed.exitCode(), resumed.err());
        assertTrue(resumed.err().contains("dropped a torn last line"), resumed.err());
        byte[] bytes = Files.readAllBytes(results);
        assertEquals('\n', bytes[bytes.length - 1]);
        List<Integer> indices = new ArrayList<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            indices.add(ItemResult.parse(line).index());
        }
        assertEquals(ITEMS, indices.size(), "lines after resume (killed at " + afterKill + ", first seen " + before + ")");
        Set<Integer> distinct = new HashSet<>(indices);
        assertEquals(ITEMS, distinct.size());
        for (int i = 0; i < ITEMS; i++) {
            assertTrue(distinct.contains(i), "item " + i + " has no result");
        }
        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertTrue(runJson.get("complete").asBoolean());
        assertEquals(2, runJson.get("sessions").size());
        assertEquals(Path.of(store).toAbsolutePath().toString(), runJson.get("store").asText());
        assertEquals(ITEMS - afterKill, runJson.at("/sessions/1/to_run").asInt());
    }

    private static int waitForLines(Process process, Path results, int wanted) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline) {
            int lines = countLines(results);
            if (lines >= wanted) {
                return lines;
            }
            if (!process.isAlive()) {
                fail("loupe eval exited (" + process.exitValue() + ") before writing " + wanted + " lines");
            }
            Thread.sleep(20);
        }
        process.destroyForcibly();
        fail("no " + wanted + " result lines within 300 s");
        return 0;
    }

    private static int countLines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        int lines = 0;
        for (byte b : Files.readAllBytes(file)) {
            lines += b == '\n' ? 1 : 0;
        }
        return lines;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString() + (File.separatorChar == '\\' ? ".exe" : "");
    }
}
