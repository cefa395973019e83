package dev.loupe.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.core.LogSecrets;
import dev.loupe.core.LoupeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceFilesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void each_step_is_a_line_on_disk_as_soon_as_it_is_written() throws Exception {
        TraceFiles files = new TraceFiles(dir.resolve("traces"));
        StepSink sink = files.sink("case-42");

        sink.write(step("vision", null));
        List<String> afterOne = Files.readAllLines(files.file("case-42"));
        sink.write(step("call_model", null));

        assertEquals(1, afterOne.size());
        List<String> lines = Files.readAllLines(dir.resolve("traces").resolve("case-42.jsonl"));
        assertEquals(List.of("vision", "call_model"), lines.stream().map(this::node).toList());
        assertEquals("node", JSON.readTree(lines.get(0)).path("step").asText());
        assertFalse(JSON.readTree(lines.get(0)).has("tool"), "fields without a value are left out");
    }

    @Test
    void a_thread_id_that_is_not_a_name_is_refused_before_anything_is_written() {
        TraceFiles files = new TraceFiles(dir);

        LoupeException error = assertThrows(LoupeException.class, () -> files.sink("../elsewhere"));

        assertEquals(LoupeException.Kind.BAD_INPUT, error.kind());
        assertFalse(Files.exists(dir.resolveSibling("elsewhere.jsonl")));
    }

    @Test
    void secrets_are_masked_as_log_lines_mask_them_and_long_results_are_cut() {
        LogSecrets.register("registered-trace-secret-91");
        TraceStep step = new TraceStep("t", TraceStep.TOOL, "run_tools", "fetch", "call_1", null,
                "{\"url\":\"https://x.test/?api_key=abc123def\",\"auth\":\"Bearer eyJhbGciOi\"}",
                "registered-trace-secret-91 " + "x".repeat(1000), "ok", "sk-abcdefghijklmnop failed", null, null, 0.5, null, null);

        String line = step.toJson().toString();

        assertFalse(line.contains("abc123def"), line);
        assertFalse(line.contains("eyJhbGciOi"), line);
        assertFalse(line.contains("registered-trace-secret-91"), line);
        assertFalse(line.contains("sk-abcdefghijklmnop"), line);
        assertTrue(step.result().length() <= TraceStep.MAX_RESULT + 1, "cut to a summary");
    }

    private String node(String line) {
        try {
            return JSON.readTree(line).path("node").asText();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static TraceStep step(String node, String error) {
        return new TraceStep("case-42", TraceStep.NODE, node, null, null, "offline", null, null, "ok", error, 10L, 2L, 0.25,
                Instant.EPOCH, Instant.EPOCH.plusMillis(250));
    }
}
