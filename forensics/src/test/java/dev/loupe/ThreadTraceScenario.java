package dev.loupe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.checkpoint.StoreLocation;
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
import dev.loupe.trace.TraceStep;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code threads trace} read back from a store against the trace file the same run wrote, for every store. */
final class ThreadTraceScenario {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ThreadTraceScenario() {
    }

    static void theStepsReadBackAreTheStepsWritten(StoreLocation store, Path dir) throws Exception {
        Path traces = dir.resolve("traces");
        try (OpenAiStub stub = new OpenAiStub(); Loupe loupe = againstStub(store, stub, traces)) {
            ThreadScenarios.scriptTwoTurns(stub);
            AnalysisResult result = loupe.analyze(TestImages.copy(TestImages.CANON_SD750, dir));

            List<JsonNode> written = new ArrayList<>();
            for (String line : Files.readAllLines(traces.resolve(result.threadId() + ".jsonl"))) {
                written.add(JSON.readTree(line));
            }
            List<JsonNode> read = loupe.threads().trace(result.threadId()).stream().map(TraceStep::toJson)
                    .map(JsonNode.class::cast).toList();

            assertEquals(List.of("vision", "call_model", "run_tools", "call_model", "run_tools", "call_model", "structuring"),
                    nodes(written));
            assertEquals(nodes(written), nodes(read));
            // Calls the model repeated are answered from the first result: the checkpoints say so, no tool ran again.
            assertEquals(sorted(tools(written)), sorted(tools(read).stream().filter(t -> !t.endsWith(" cached")).toList()));
            assertEquals(List.of("900/40", "1500/120"), modelTokens(written, "stub-model-2026"));
            assertEquals(modelTokens(written, "stub-model-2026"), modelTokens(read, "stub-model-2026"));
            for (JsonNode step : read) {
                assertEquals(result.threadId(), step.path("thread_id").asText());
                if (step.path("step").asText().equals(TraceStep.NODE)) {
                    assertTrue(step.path("seconds").asDouble() > 0, step.toString());
                    assertNotNull(step.get("end"), step.toString());
                }
            }
        }
    }

    static Loupe againstStub(StoreLocation store, OpenAiStub stub, Path traces) {
        GraphSpec bundled = GraphSpecParser.load(GraphFiles.bundled(), "forensic");
        Map<NodeRole, ModelSpec> models = new EnumMap<>(bundled.models());
        models.put(NodeRole.AGENT, new ModelSpec("openai", "stub-model", stub.baseUrl(), 0.0, null, Duration.ofSeconds(10), 1,
                Map.of(), null));
        GraphSpec spec = GraphOverrides.none().models(models).tools(List.of("metadata", "provenance")).applyTo(bundled);
        return Loupe.builder().graph(spec).traceDir(traces)
                .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", "sk-test"))))
                .store(store).build();
    }

    private static List<String> nodes(List<JsonNode> steps) {
        return steps.stream().filter(s -> s.path("step").asText().equals(TraceStep.NODE)).map(s -> s.path("node").asText()).toList();
    }

    private static List<String> tools(List<JsonNode> steps) {
        return steps.stream().filter(s -> s.path("step").asText().equals(TraceStep.TOOL))
                .map(s -> s.path("tool").asText() + " " + s.path("call_id").asText() + " " + s.path("status").asText()).toList();
    }

    private static List<String> modelTokens(List<JsonNode> steps, String model) {
        return steps.stream().filter(s -> s.path("step").asText().equals(TraceStep.MODEL) && s.path("model").asText().equals(model))
                .map(s -> s.path("input_tokens").asLong() + "/" + s.path("output_tokens").asLong()).toList();
    }

    private static List<String> sorted(List<String> values) {
        return values.stream().sorted().toList();
    }
}
