package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe analyze --trace DIR} writes a thread's steps as it runs; {@code loupe threads trace ID} reads them back. */
class ThreadsTraceCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void analyze_writes_one_trace_file_per_thread_and_threads_trace_prints_the_same_nodes() throws Exception {
        String store = dir.resolve("threads.db").toString();
        Path traces = dir.resolve("traces");
        String image = TestImages.copy(TestImages.CANON_SD750, dir).toString();

        CliRun analyzed = CliRun.of("analyze", image, "--json", "--store", store, "--trace", traces.toString(),
                "--thread-id", "case-7");
        CliRun traced = CliRun.of("threads", "trace", "case-7", "--store", store);

        assertEquals(0, analyzed.exitCode(), analyzed.err());
        assertEquals(0, traced.exitCode(), traced.err());
        List<JsonNode> written = parse(Files.readAllLines(traces.resolve("case-7.jsonl")));
        List<JsonNode> printed = parse(traced.out().lines().toList());
        assertFalse(written.isEmpty());
        assertEquals(nodes(written), nodes(printed));
        assertTrue(nodes(printed).containsAll(List.of("vision", "run_tools", "structuring")), nodes(printed).toString());
        assertTrue(printed.stream().allMatch(step -> step.path("thread_id").asText().equals("case-7")));
        assertTrue(printed.stream().anyMatch(step -> step.path("step").asText().equals("tool") && step.has("arguments")));
    }

    @Test
    void threads_trace_of_an_unknown_thread_exits_2_in_one_line() {
        CliRun run = CliRun.of("threads", "trace", "no-such-thread", "--store", dir.resolve("threads.db").toString());

        assertEquals(2, run.exitCode());
        assertEquals(1, run.err().lines().count(), run.err());
    }

    private static List<JsonNode> parse(List<String> lines) throws Exception {
        List<JsonNode> parsed = new ArrayList<>();
        for (String line : lines) {
            parsed.add(JSON.readTree(line));
        }
        return parsed;
    }

    private static List<String> nodes(List<JsonNode> steps) {
        return steps.stream().filter(step -> step.path("step").asText().equals("node")).map(step -> step.path("node").asText()).toList();
    }
}
