package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.manifest.GeneratedImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe eval restructure}: forks every thread after the agent into a new run. */
class EvalRestructureTest {

    @TempDir
    Path dir;

    private static List<ItemResult> results(Path run) throws Exception {
        return Files.readAllLines(run.resolve("results.jsonl")).stream().map(ItemResult::parse)
                .sorted(Comparator.comparingInt(ItemResult::index)).toList();
    }

    @Test
    void restructuring_forks_each_thread_and_keeps_the_verdicts_of_the_same_structuring() throws Exception {
        Path manifest = GeneratedImages.write(dir.resolve("set"), 3, 160, 120, 5);
        String store = dir.resolve("threads.db").toString();
        Path original = dir.resolve("original");
        assertEquals(0, CliRun.of("eval", manifest.toString(), "--out", original.toString(), "--store", store).exitCode());

        CliRun restructured = CliRun.of("eval", "restructure", original.toString(), "--model", "offline",
                "--out", dir.resolve("again").toString());

        assertEquals(0, restructured.exitCode(), restructured.err());
        List<ItemResult> before = results(original);
        List<ItemResult> after = results(dir.resolve("again"));
        assertEquals(3, after.size());
        for (int i = 0; i < 3; i++) {
            assertEquals(before.get(i).verdict(), after.get(i).verdict());
            assertEquals(before.get(i).pFake(), after.get(i).pFake());
            assertNotEquals(before.get(i).threadId(), after.get(i).threadId());
        }
        JsonNode run = new ObjectMapper().readTree(dir.resolve("again/run.json").toFile());
        String originalId = new ObjectMapper().readTree(dir.resolve("original/run.json").toFile()).get("run_id").asText();
        assertEquals(originalId, run.at("/restructured_from/run_id").asText());
        assertTrue(originalId.startsWith("original-"), originalId);
        assertEquals("offline", run.at("/restructured_from/overrides/structuring_model").asText());
    }

    @Test
    void a_run_whose_threads_were_kept_in_memory_cannot_be_restructured() throws Exception {
        Path manifest = GeneratedImages.write(dir.resolve("set"), 1, 160, 120, 5);
        Path original = dir.resolve("original");
        assertEquals(0, CliRun.of("eval", manifest.toString(), "--out", original.toString(), "--store", "memory").exitCode());
        CliRun result = CliRun.of("eval", "restructure", original.toString(), "--model", "offline");
        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("kept its threads in memory"), result.err());
    }
}
