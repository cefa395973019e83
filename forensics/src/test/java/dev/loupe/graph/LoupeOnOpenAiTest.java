package dev.loupe.graph;

import dev.loupe.tool.forensic.ForensicVerdict;

import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.PriceTable;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolRegistry;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The facade on the openai provider: cost, degradation to the fallback, and secrets kept out of everything. */
class LoupeOnOpenAiTest {

    private static final String KEY = "sk-facade-secret-31d7e0a9";
    private static final String HEADER_SECRET = "hdr-secret-77b1c3";

    @TempDir
    Path dir;

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();
    private Path image;
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    private final List<Tool> tools = List.of(new BrightnessTool());

    @BeforeEach
    void start() throws Exception {
        image = TestImages.drawn(dir, "scene.png", "png", 64, 48);
    }

    private Loupe loupe(GraphSpec spec) {
        ModelProviders providers = ModelProviders.discover()
                .with(new OpenAiProvider(Map.of("OPENAI_API_KEY", KEY), log::add, Duration.ofMillis(10)));
        return Loupe.builder().graph(spec).tools(ToolRegistry.of(tools)).providers(providers)
                .store(StoreLocation.parse(dir.resolve("threads.db").toString()))
                .prices(PriceTable.parse("prices:\n  stub-model: {input: 2.0, output: 8.0}\n", "test")).build();
    }

    private GraphSpec remote(int attempts) {
        ModelSpec model = new ModelSpec("openai", "stub-model", stub.baseUrl(), null, null, Duration.ofSeconds(5), attempts,
                Map.of("X-Api-Token", HEADER_SECRET), null);
        return RemoteGraphs.withModels(StubbedGraph.spec(stub, 4, tools), model, model);
    }

    @Test
    void reports_the_cost_per_node_and_in_total_from_the_price_table() {
        stub.enqueue(OpenAiStub.text("A scene.", 1000, 100));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"brightness", "{}"}), 2000, 50));
        stub.enqueue(RemoteGraphs.verdict("real", 3000, 150));

        try (Loupe loupe = loupe(remote(1))) {
            AnalysisResult result = loupe.analyze(image);

            assertEquals(0.0028, result.costUsd().get("vision"), 1e-12);
            assertEquals(0.0116, result.costUsd().get("agent"), 1e-12);
            assertEquals(0.0144, result.costUsd().get("total"), 1e-12);
            assertEquals(0.0144, result.toJson().path("cost_usd").path("total").asDouble(), 1e-12);
        }
    }

    @Test
    void a_model_that_stays_unavailable_fails_the_analysis_as_unavailable() {
        stub.otherwise(body -> OpenAiStub.error(503, "overloaded"));

        try (Loupe loupe = loupe(remote(2))) {
            LoupeException error = assertThrows(LoupeException.class, () -> loupe.analyze(image));

            assertEquals(LoupeException.Kind.UNAVAILABLE, error.kind());
            assertEquals(2, stub.requests().size(), "the vision node's two attempts, then no further node");
        }
    }

    @Test
    void with_a_fallback_the_offline_provider_answers_and_the_result_says_so() {
        stub.otherwise(body -> OpenAiStub.error(503, "overloaded"));

        try (Loupe loupe = loupe(GraphOverrides.none().fallback("offline").applyTo(remote(2)))) {
            AnalysisResult result = loupe.analyze(image);

            assertTrue(result.flag(RunFlag.FALLBACK_USED));
            assertEquals("offline", result.models().get(NodeRole.VISION));
            assertEquals("offline", result.models().get(NodeRole.AGENT));
            assertTrue(List.of("real", "fake", "uncertain").contains(ForensicVerdict.of(result.output()).verdict()));
            assertEquals(0.0, result.costUsd().getOrDefault("agent", 0.0));
        }
    }

    @Test
    void the_key_and_header_secrets_appear_in_no_log_result_error_or_checkpoint() throws Exception {
        StringBuilder everything = new StringBuilder();
        stub.enqueue(OpenAiStub.error(500, "bad key " + KEY + " / " + HEADER_SECRET));
        stub.enqueue(OpenAiStub.text("A scene.", 100, 10));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"brightness", "{}"}), 100, 10));
        stub.enqueue(RemoteGraphs.verdict("real", 100, 10));
        try (Loupe loupe = loupe(remote(2))) {
            everything.append(loupe.analyze(image).toJson()).append('\n');
        }
        stub.otherwise(body -> OpenAiStub.error(401, "Incorrect API key provided: " + KEY));
        try (Loupe loupe = loupe(remote(2))) {
            LoupeException error = assertThrows(LoupeException.class, () -> loupe.analyze(image));
            everything.append(error.getMessage()).append('\n').append(error).append('\n');
        }
        stub.otherwise(body -> OpenAiStub.error(503, "unavailable for " + KEY));
        try (Loupe loupe = loupe(GraphOverrides.none().fallback("offline").applyTo(remote(2)))) {
            everything.append(loupe.analyze(image).toJson()).append('\n');
        }
        everything.append(String.join("\n", log)).append('\n');
        long storedBytes = 0;
        try (var files = java.nio.file.Files.walk(dir)) {
            for (Path file : files.filter(java.nio.file.Files::isRegularFile).toList()) {
                byte[] bytes = java.nio.file.Files.readAllBytes(file);
                storedBytes += bytes.length;
                everything.append(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1)).append('\n');
            }
        }

        assertTrue(log.size() >= 10, "request logging was on");
        assertTrue(storedBytes > 100_000, "the thread store (database, write-ahead log, artefacts) was written and read");
        assertTrue(stub.requests().stream().allMatch(r -> r.headers().get("Authorization").equals(List.of("Bearer " + KEY))),
                "the key did go over the wire");
        assertFalse(everything.toString().contains(KEY), "the key leaked");
        assertFalse(everything.toString().contains(HEADER_SECRET), "a header value leaked");
    }
}
