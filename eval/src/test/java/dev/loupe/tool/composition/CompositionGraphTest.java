package dev.loupe.tool.composition;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.eval.composition.CompositionImages;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.kb.FileKnowledgeStore;
import dev.loupe.kb.KnowledgeBase;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.tool.ToolRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The composition graph compiled from its files, its tool loop retrieving from the bundled guide: offline and on a stub. */
class CompositionGraphTest {

    private static KnowledgeBase knowledge;

    @TempDir
    static Path dir;
    private static Path tilted;

    @BeforeAll
    static void setUp() throws Exception {
        knowledge = new KnowledgeBase(FileKnowledgeStore.inMemory());
        tilted = dir.resolve("tilted.png");
        ImageIO.write(CompositionImages.horizon(3, 0.62, 2), "png", tilted.toFile());
    }

    static ToolRegistry tools() {
        return ToolRegistry.of(List.of(new CompositionMeasuresTool(), new CompositionSearchTool(knowledge)));
    }

    private static dev.loupe.LoupeBuilder offline() {
        return Loupe.builder().graph("composition").tools(tools()).store(StoreLocation.parse("memory"));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(AnalysisResult result, String field) {
        return (List<Map<String, Object>>) result.output().get(field);
    }

    @Test
    void offline_every_suggestion_cites_a_measure_and_a_retrieved_passage() {
        AnalysisResult result;
        try (Loupe loupe = offline().build()) {
            result = loupe.analyze(tilted);
        }

        assertFalse(result.output().containsKey("structuring_error"), String.valueOf(result.output()));
        assertEquals(Map.of("composition_measures", 1, "composition_search", 3), result.toolUsage());
        Map<String, Object> horizon = list(result, "principles").stream()
                .filter(p -> p.get("principle").equals("horizon")).findFirst().orElseThrow();
        assertEquals(3, ((Number) horizon.get("score")).intValue());
        List<Map<String, Object>> suggestions = list(result, "suggestions");
        assertFalse(suggestions.isEmpty());
        for (Map<String, Object> suggestion : suggestions) {
            assertFalse(String.valueOf(suggestion.get("measure")).isBlank(), suggestion.toString());
            assertTrue(String.valueOf(suggestion.get("passage")).startsWith("bundled:composition-guide.md, "), suggestion.toString());
        }
        Map<String, Object> level = suggestions.stream().filter(s -> s.get("principle").equals("horizon")).findFirst().orElseThrow();
        String measure = String.valueOf(level.get("measure"));
        assertTrue(measure.startsWith("horizon.tilt_deg = "), measure);
        assertEquals(3.0, Double.parseDouble(measure.substring("horizon.tilt_deg = ".length())), 1.0);
        assertEquals("bundled:composition-guide.md, Horizon ¶1", level.get("passage"));
        assertTrue(list(result, "passages_used").stream().anyMatch(p -> p.get("position").equals("Horizon ¶1")));
        assertEquals("offline", result.models().get(NodeRole.AGENT));
    }

    @Test
    void offline_the_photographers_question_is_searched_and_answered_from_the_guide() {
        AnalysisResult result;
        try (Loupe loupe = offline().build()) {
            result = loupe.analyze(tilted, AnalysisOptions.defaults().withQuestion("Should the horizon go through the middle?"));
        }

        assertTrue(String.valueOf(result.output().get("answer")).endsWith("(bundled:composition-guide.md, Horizon ¶3)"),
                String.valueOf(result.output().get("answer")));
        assertEquals(4, result.toolUsage().get("composition_search"));
    }

    @Test
    void with_a_model_the_same_tools_serve_it_and_its_critique_is_structured() throws Exception {
        try (OpenAiStub stub = new OpenAiStub()) {
            stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"composition_measures", "{}"},
                    new String[]{"composition_search", "{\"query\":\"the horizon is tilted\",\"k\":3}"}), 900, 40));
            stub.enqueue(OpenAiStub.text(CRITIQUE, 1500, 300));
            ModelSpec agent = new ModelSpec("openai", "stub-model", stub.baseUrl(), 0.0, null, Duration.ofSeconds(10), 1, Map.of(), null);
            AnalysisResult result;
            try (Loupe loupe = offline().model(NodeRole.AGENT, agent)
                    .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", "sk-test-3e1")))).build()) {
                result = loupe.analyze(tilted, AnalysisOptions.defaults().withQuestion("Is my horizon straight?"));
            }

            JsonNode first = stub.requests().get(0).body();
            assertTrue(first.path("messages").get(0).path("content").asText().contains("You are a composition critic."));
            assertTrue(first.path("messages").get(1).toString().contains("Question from the photographer: Is my horizon straight?"));
            assertEquals(List.of("composition_measures", "composition_search"), first.path("tools").findValues("name").stream()
                    .map(JsonNode::asText).toList());
            String toolResults = stub.requests().get(1).body().path("messages").toString();
            assertTrue(toolResults.contains("tilt_deg"), toolResults);
            assertTrue(toolResults.contains("bundled:composition-guide.md — Horizon ¶1 — score 0."), toolResults);
            assertEquals(7.0, ((Number) result.output().get("overall_score")).doubleValue());
            assertEquals("bundled:composition-guide.md, Horizon ¶1", list(result, "suggestions").get(0).get("passage"));
            assertEquals("stub-model-2026", result.models().get(NodeRole.AGENT));
            assertNotNull(result.tokenUsage().nodes().get(NodeRole.AGENT));
        }
    }

    static final String CRITIQUE = """
            The horizon tilts about 3°, which reads as a mistake; the guide says to keep it level.
            ```json
            {"summary": "A calm scene let down by a crooked horizon.",
             "answer": "No: it tilts about 3 degrees.",
             "principles": [{"principle": "horizon", "assessment": "tilts 3°", "score": 3, "measure": "horizon.tilt_deg = 3.0"},
                            {"principle": "simplicity", "assessment": "very simple", "score": 9, "measure": "negative_space = 0.8"}],
             "strengths": ["simple, quiet frame"], "weaknesses": ["tilted horizon"],
             "suggestions": [{"principle": "horizon", "suggestion": "Rotate 3° clockwise.", "measure": "horizon.tilt_deg = 3.0",
                              "passage": "bundled:composition-guide.md, Horizon ¶1"}],
             "overall_score": 7,
             "passages_used": [{"source": "bundled:composition-guide.md", "position": "Horizon ¶1", "score": 0.8}]}
            ```
            """;
}
