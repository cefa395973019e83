package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

    @ParameterizedTest
    // composition reads its guide with MiniLM (seconds cold): its steps are written by the same three places.
    @ValueSource(strings = {"detect", "describe"})
    void every_bundled_graph_writes_its_trace_and_reads_it_back(String graph) throws Exception {
        String store = dir.resolve("threads.db").toString();
        Path traces = dir.resolve("traces");
        String image = TestImages.drawn(dir, "scene.jpg", "jpg", 96, 64).toString();

        CliRun analyzed = CliRun.of("analyze", image, "--graph", graph, "--json", "--store", store, "--trace", traces.toString(),
                "--thread-id", "t-" + graph);
        CliRun traced = CliRun.of("threads", "trace", "t-" + graph, "--graph", graph, "--store", store);

        assertEquals(0, analyzed.exitCode(), analyzed.err());
        assertEquals(0, traced.exitCode(), traced.err());
        List<JsonNode> written = parse(Files.readAllLines(traces.resolve("t-" + graph + ".jsonl")));
        List<JsonNode> printed = parse(traced.out().lines().toList());
        assertEquals(nodes(written), nodes(printed));
        assertTrue(nodes(printed).contains("structuring"), nodes(printed).toString());
        assertTrue(printed.stream().allMatch(step -> step.path("thread_id").asText().equals("t-" + graph)));
    }

    @Test
    void a_conversations_trace_holds_the_steps_of_every_turn() throws Exception {
        try (OpenAiStub stub = new OpenAiStub()) {
            String store = dir.resolve("threads.db").toString();
            Path image = TestImages.drawn(dir, "scene.png", "png", 64, 48);
            stub.enqueue(OpenAiStub.text("A red square on white.", 100, 10));
            stub.enqueue(OpenAiStub.text("A red square.\n```json\n{\"answer\": \"A red square.\"}\n```", 200, 20));
            stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 300, 30));
            stub.enqueue(OpenAiStub.text("It is red.\n```json\n{\"answer\": \"It is red.\"}\n```", 400, 40));
            CliRun chat = CliRun.<ChatCommand>prepared("chat", command -> {
                command.environment = Map.of("OPENAI_API_KEY", "sk-chat-trace-5521");
                command.input = new ByteArrayInputStream("What is in the picture?\nAnd what colour is it?\n/exit\n"
                        .getBytes(StandardCharsets.UTF_8));
            }, "chat", "--model", "stub-model", "--base-url", stub.baseUrl(), "--max-attempts", "1", "--store", store,
                    "--image", image.toString(), "--thread-id", "talk-9", "--tools", "metadata");

            CliRun traced = CliRun.of("threads", "trace", "talk-9", "--graph", "agent", "--store", store);

            assertEquals(0, chat.exitCode(), chat.err());
            assertEquals(0, traced.exitCode(), traced.err());
            List<JsonNode> printed = parse(traced.out().lines().toList());
            assertEquals(List.of("200/20", "300/30", "400/40"), printed.stream()
                    .filter(step -> step.path("step").asText().equals("model") && step.path("node").asText().equals("call_model"))
                    .map(step -> step.path("input_tokens").asLong() + "/" + step.path("output_tokens").asLong()).toList());
            assertTrue(printed.stream().anyMatch(step -> step.path("tool").asText().equals("metadata")), traced.out());
            assertTrue(printed.stream().allMatch(step -> step.path("thread_id").asText().equals("talk-9")));
        }
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
