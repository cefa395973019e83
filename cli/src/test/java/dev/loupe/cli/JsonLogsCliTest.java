package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.logging.CapturedErr;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --log-format json} on a command: one JSON object per line, with thread, node, tool, duration and tokens, no key. */
class JsonLogsCliTest {

    private static final String KEY = "sk-json-logs-secret-90210";

    @TempDir
    Path dir;

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();

    @Test
    void a_run_with_json_logs_writes_one_object_per_line_with_its_context_and_never_the_key() throws Exception {
        Path image = TestImages.drawn(dir, "scene.png", "png", 64, 48);
        stub.enqueue(OpenAiStub.text("A drawn scene.", 100, 10));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 200, 20));
        stub.enqueue(OpenAiStub.text("A PNG.\n```json\n{\"answer\": \"A PNG.\"}\n```", 300, 30));
        CommandLine cli = Main.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new StringWriter(), true));
        RunCommand run = cli.getSubcommands().get("run").getCommand();
        run.environment = Map.of("OPENAI_API_KEY", KEY);

        List<JsonNode> lines;
        String text;
        try (CapturedErr err = CapturedErr.asConfigured()) {
            int code = cli.execute("run", "What is this file?", "--image", image.toString(), "--tools", "metadata",
                    "--thread-id", "json-logs-1", "--model", "stub-model", "--base-url", stub.baseUrl(), "--max-attempts", "1",
                    "--store", dir.resolve("threads.db").toString(), "--log-format", "json");
            assertEquals(0, code, out.toString());
            text = err.text();
            lines = err.jsonLines();
        }

        assertFalse(text.contains(KEY), text);
        assertTrue(lines.stream().allMatch(l -> l.has("timestamp") && l.has("level") && l.has("logger") && l.has("message")), text);
        JsonNode vision = find(lines, l -> "vision".equals(l.path("node").asText()) && l.has("duration_ms"), text);
        assertEquals("json-logs-1", vision.path("thread_id").asText());
        assertEquals(100, vision.path("input_tokens").asLong());
        JsonNode tool = find(lines, l -> "metadata".equals(l.path("tool").asText()), text);
        assertEquals("json-logs-1", tool.path("thread_id").asText(), "the tool's line carries the thread run on another thread");
        assertTrue(tool.path("duration_ms").isNumber(), tool.toString());
        JsonNode done = find(lines, l -> l.path("message").asText().startsWith("thread json-logs-1 done"), text);
        assertEquals(600, done.path("input_tokens").asLong());
    }

    @Test
    void an_unknown_log_format_is_bad_input_in_one_line() {
        CliRun run = CliRun.of("graph", "list", "--log-format", "xml");

        assertEquals(2, run.exitCode());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("unknown log format 'xml'; use text or json"), run.err());
    }

    private static JsonNode find(List<JsonNode> lines, java.util.function.Predicate<JsonNode> test, String text) {
        return lines.stream().filter(test).findFirst().orElseThrow(() -> new AssertionError("no such line in:\n" + text));
    }
}
