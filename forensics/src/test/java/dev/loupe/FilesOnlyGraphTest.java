package dev.loupe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.checkpoint.ReplayReport;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.GraphFixtures;
import dev.loupe.testing.OpenAiStub;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Color;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A graph that exists only as files — a YAML, prompts and a schema written here into a folder of
 * their own — runs through the library, threads (replay, fork) and a remote model, with no Java
 * of its own. The CLI, server and eval tests run the bundled {@code describe} graph the same way.
 */
class FilesOnlyGraphTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void a_graph_given_as_a_path_runs_offline_with_the_facts_policy_into_its_own_schema() throws Exception {
        Path graph = GraphFixtures.captionGraph(dir.resolve("mine"));
        Path image = GraphFixtures.picture(dir, "red.png", 160, 90, new Color(200, 30, 30));

        try (Loupe loupe = Loupe.builder().graph(graph.toString()).build()) {
            AnalysisResult result = loupe.analyze(image);

            assertEquals("caption", result.graph());
            assertEquals("wide", result.output().get("shape"));
            assertEquals("red", result.output().get("main_colour"));
            assertTrue(String.valueOf(result.output().get("caption")).contains("saturated"), result.output().toString());
            assertNull(result.output().get("structuring_error"));
            assertNull(result.label(), "the caption graph declares no label field");
            assertEquals(0, loupe.graph().spec().agent().maxIterations(), "max_iterations: none");
        }
    }

    @Test
    void its_threads_replay_identically_and_fork_from_the_agent() throws Exception {
        Path graph = GraphFixtures.captionGraph(dir.resolve("mine"));
        Path image = GraphFixtures.picture(dir, "tall.png", 60, 120, new Color(30, 60, 200));
        StoreLocation store = StoreLocation.parse(dir.resolve("loupe.db").toString());

        try (Loupe loupe = Loupe.builder().graph(graph.toString()).store(store).build()) {
            AnalysisResult result = loupe.analyze(image);
            ReplayReport replay = loupe.threads().replay(result.threadId());
            AnalysisResult fork = loupe.threads().fork(result.threadId(), "agent", GraphOverrides.none());

            assertEquals("tall", result.output().get("shape"));
            assertTrue(replay.identical(), replay.differences().toString());
            assertEquals(result.output(), fork.output());
            assertEquals("caption", loupe.threads().find(fork.threadId()).orElseThrow().graphName());
        }
    }

    @Test
    void with_a_remote_model_the_users_question_reaches_the_prompts_and_the_answer_is_structured() throws Exception {
        Path graph = GraphFixtures.captionGraph(dir.resolve("mine"));
        Path image = GraphFixtures.picture(dir, "square.png", 100, 100, new Color(40, 160, 40));
        try (OpenAiStub stub = new OpenAiStub()) {
            stub.enqueue(OpenAiStub.text("A green square with a darker disc.", 300, 20));
            stub.enqueue(OpenAiStub.text("Here it is:\n```json\n{\"shape\": \"Square\", \"main_colour\": \"green\", "
                    + "\"caption\": \"A green tile with a dark green disc.\"}\n```", 400, 40));
            ModelSpec remote = new ModelSpec("openai", "stub-model", stub.baseUrl(), 0.0, null, Duration.ofSeconds(10), 1,
                    Map.of(), null);
            try (Loupe loupe = Loupe.builder().graph(graph.toString()).model(remote)
                    .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", "sk-test"))))
                    .build()) {
                AnalysisResult result = loupe.analyze(image, AnalysisOptions.defaults().withQuestion("Is it a tile?"));

                assertEquals("square", result.output().get("shape"), "the enum alias in the graph file normalised it");
                assertEquals("green", result.output().get("main_colour"));
                assertTrue(result.models().get(NodeRole.AGENT).startsWith("stub-model"), result.models().toString());
                assertEquals(2, stub.requests().size());
                for (OpenAiStub.Recorded request : stub.requests()) {
                    assertTrue(request.raw().contains("Is it a tile?"), "the question is in every prompt: " + request.raw());
                }
                JsonNode json = JSON.readTree(result.toJson().toString());
                assertEquals("caption", json.get("graph").asText());
            }
        }
    }
}
