package dev.loupe.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.core.LogSecrets;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.graph.GraphSpec;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.loupe.trace.Telemetries.attribute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bundled forensic graph's runs as OpenTelemetry spans and trace files, offline and on the OpenAI client. */
class ForensicRunTraceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-trace-secret-5c1e9b07d2";
    private static final String TOKEN = "auth-token-8e44f1a9c3";

    @TempDir
    Path dir;

    @Test
    void an_offline_run_nests_every_node_model_and_tool_span_under_its_run_span() throws Exception {
        Path traces = dir.resolve("traces");
        try (Telemetries telemetry = new Telemetries();
             Loupe loupe = Loupe.builder().graph("forensic").store(StoreLocation.parse("memory"))
                     .openTelemetry(telemetry.sdk).traceDir(traces).build()) {
            AnalysisResult result = loupe.analyze(TestImages.copy(TestImages.CANON_SD750, dir));

            SpanData run = telemetry.only("invoke_agent forensic");
            assertFalse(run.getParentSpanContext().isValid(), "the run span is the root");
            assertEquals("invoke_agent", attribute(run, GenAi.OPERATION_NAME));
            assertEquals(result.threadId(), attribute(run, GenAi.THREAD_ID));
            assertEquals(result.label(), attribute(run, GenAi.LABEL));
            Map<String, SpanData> byId = telemetry.spans().stream().collect(Collectors.toMap(SpanData::getSpanId, span -> span));
            Set<String> nodes = Set.of("vision", "call_model", "run_tools", "structuring");
            for (String node : nodes) {
                assertFalse(telemetry.named(node).isEmpty(), node + " in " + telemetry.names());
                telemetry.named(node).forEach(span -> assertEquals(run.getSpanId(), span.getParentSpanId(), node));
            }
            List<SpanData> chats = telemetry.named("chat ");
            assertFalse(chats.isEmpty());
            for (SpanData chat : chats) {
                assertTrue(nodes.contains(byId.get(chat.getParentSpanId()).getName()), "a model call's parent is its node");
                assertEquals("chat", attribute(chat, GenAi.OPERATION_NAME));
                assertEquals("offline", attribute(chat, GenAi.PROVIDER_NAME));
                assertEquals("offline", attribute(chat, GenAi.REQUEST_MODEL));
            }
            List<SpanData> tools = telemetry.named("execute_tool ");
            assertFalse(tools.isEmpty());
            for (SpanData tool : tools) {
                assertEquals("run_tools", byId.get(tool.getParentSpanId()).getName(), "a tool call's parent is its tool round");
                assertEquals("execute_tool " + attribute(tool, GenAi.TOOL_NAME), tool.getName());
                assertTrue(loupe.graph().spec().tools().names().contains(attribute(tool, GenAi.TOOL_NAME)));
                assertFalse(attribute(tool, GenAi.TOOL_CALL_ID).isBlank());
            }
            telemetry.spans().forEach(span -> assertEquals(result.threadId(), attribute(span, GenAi.THREAD_ID), span.getName()));

            List<JsonNode> lines = lines(traces.resolve(result.threadId() + ".jsonl"));
            assertEquals(telemetry.spans().size() - 1, lines.size(), "a line per span but the run's");
            assertEquals(tools.size(), count(lines, "tool"));
            assertEquals(chats.size(), count(lines, "model"));
            MeterRegistry meters = loupe.meterRegistry();
            assertEquals(tools.size(), (long) meters.find(GenAi.TOOL_CALLS_METRIC).counters().stream()
                    .mapToDouble(Counter::count).sum());
            assertEquals(chats.size(), meters.find(GenAi.OPERATION_DURATION_METRIC).timers().stream()
                    .mapToLong(Timer::count).sum());
        }
    }

    @Test
    void a_run_on_the_openai_client_carries_the_genai_attributes_and_never_its_key_or_authorization_header() throws Exception {
        Path traces = dir.resolve("traces");
        try (OpenAiStub stub = new OpenAiStub(); Telemetries telemetry = new Telemetries();
             Loupe loupe = againstStub(stub, telemetry, traces)) {
            // The secrets come back in a tool call's arguments and in the answer, as a careless server might echo them.
            stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"},
                    new String[]{"provenance", "{\"note\": \"" + KEY + " Bearer " + TOKEN + "\"}"}), 900, 40));
            stub.enqueue(OpenAiStub.text("Called with " + KEY + " and Bearer " + TOKEN + ".\n```json\n{\"verdict\": \"real\", "
                    + "\"confidence\": 0.8, \"category\": \"camera_original\", \"rationale\": \"EXIF intact.\"}\n```", 1500, 120));

            AnalysisResult result = loupe.analyze(TestImages.copy(TestImages.CANON_SD750, dir));

            assertEquals("Bearer " + TOKEN, stub.requests().get(0).headers().get("Authorization").get(0), "the header went out");
            List<SpanData> remote = telemetry.named("chat stub-model");
            assertEquals(2, remote.size(), telemetry.names().toString());
            SpanData first = remote.stream().filter(s -> attribute(s, GenAi.USAGE_INPUT_TOKENS) == 900L).findFirst().orElseThrow();
            assertEquals("openai", attribute(first, GenAi.PROVIDER_NAME));
            assertEquals("openai", attribute(first, GenAi.SYSTEM));
            assertEquals("stub-model", attribute(first, GenAi.REQUEST_MODEL));
            assertEquals("stub-model-2026", attribute(first, GenAi.RESPONSE_MODEL));
            assertEquals(40L, attribute(first, GenAi.USAGE_OUTPUT_TOKENS));
            assertEquals(List.of("tool_execution"), attribute(first, GenAi.RESPONSE_FINISH_REASONS));
            assertEquals("call_model", attribute(first, GenAi.NODE));
            List<String> provenanceCalls = telemetry.named("execute_tool provenance").stream()
                    .map(span -> attribute(span, GenAi.TOOL_CALL_ID)).toList();
            assertTrue(provenanceCalls.contains(lastCallId(stub, 1)), provenanceCalls.toString());

            String file = Files.readString(traces.resolve(result.threadId() + ".jsonl"));
            assertTrue(file.contains(LogSecrets.MASK), "the echoed secrets reached the trace, masked");
            List<String> seen = new ArrayList<>(List.of(file));
            for (SpanData span : telemetry.spans()) {
                span.getAttributes().forEach((key, value) -> seen.add(String.valueOf(value)));
                seen.add(span.getName());
                seen.add(span.getStatus().getDescription());
            }
            for (String text : seen) {
                assertFalse(text.contains(KEY), text);
                assertFalse(text.contains(TOKEN), text);
            }
            assertTrue(telemetry.spans().stream().noneMatch(span -> span.getStatus().getStatusCode() == StatusCode.ERROR
                    && span.getName().startsWith("chat")));
        }
    }

    @Test
    void a_model_that_stays_unavailable_ends_its_call_and_the_run_as_errors_in_spans_and_trace() throws Exception {
        Path traces = dir.resolve("traces");
        try (OpenAiStub stub = new OpenAiStub(); Telemetries telemetry = new Telemetries();
             Loupe loupe = againstStub(stub, telemetry, traces)) {
            stub.otherwise(body -> OpenAiStub.error(503, "overloaded"));

            assertThrows(LoupeException.class, () -> loupe.analyze(TestImages.copy(TestImages.CANON_SD750, dir),
                    AnalysisOptions.defaults().withThreadId("down-1")));

            SpanData chat = telemetry.only("chat stub-model");
            assertEquals(StatusCode.ERROR, chat.getStatus().getStatusCode());
            assertEquals("unavailable", attribute(chat, GenAi.ERROR_TYPE));
            SpanData run = telemetry.only("invoke_agent forensic");
            assertEquals("unavailable", attribute(run, GenAi.ERROR_TYPE));
            SpanData node = telemetry.spans().stream().filter(span -> span.getSpanId().equals(chat.getParentSpanId())).findFirst()
                    .orElseThrow();
            assertEquals("call_model", node.getName());
            assertEquals(StatusCode.ERROR, node.getStatus().getStatusCode(), "the node the call failed in fails too");
            List<JsonNode> lines = lines(traces.resolve("down-1.jsonl"));
            JsonNode failed = lines.stream().filter(line -> line.path("step").asText().equals("model")
                    && line.path("status").asText().equals("error")).findFirst().orElseThrow(() -> new AssertionError(lines.toString()));
            assertTrue(failed.path("error").asText().contains("unavailable"), failed.toString());
            assertEquals("call_model", failed.path("node").asText());
        }
    }

    /** The id of call {@code index} of the model's last tool-calling turn, as the next request echoes it back. */
    private static String lastCallId(OpenAiStub stub, int index) {
        String id = null;
        for (JsonNode message : stub.requests().get(stub.requests().size() - 1).body().path("messages")) {
            if (message.has("tool_calls")) {
                id = message.path("tool_calls").path(index).path("id").asText();
            }
        }
        return id;
    }

    static Loupe againstStub(OpenAiStub stub, Telemetries telemetry, Path traces) {
        return builderAgainstStub(stub, telemetry, traces).build();
    }

    /** The bundled forensic graph with its agent on {@code stub} and two tools (metadata, provenance), not built yet. */
    static LoupeBuilder builderAgainstStub(OpenAiStub stub, Telemetries telemetry, Path traces) {
        GraphSpec bundled = GraphSpecParser.load(GraphFiles.bundled(), "forensic");
        Map<NodeRole, ModelSpec> models = new EnumMap<>(bundled.models());
        models.put(NodeRole.AGENT, new ModelSpec("openai", "stub-model", stub.baseUrl(), 0.0, null, Duration.ofSeconds(10), 1,
                Map.of("Authorization", "Bearer " + TOKEN), null));
        GraphSpec spec = GraphOverrides.none().models(models).tools(List.of("metadata", "provenance")).applyTo(bundled);
        return Loupe.builder().graph(spec).store(StoreLocation.parse("memory")).openTelemetry(telemetry.sdk).traceDir(traces)
                .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", KEY))));
    }

    static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    private static long count(List<JsonNode> lines, String step) {
        return lines.stream().filter(line -> line.path("step").asText().equals(step)).count();
    }
}
