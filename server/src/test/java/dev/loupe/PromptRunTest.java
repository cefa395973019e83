package dev.loupe;

import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.conversation.AgentStep;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.AnalysisState;
import org.bsc.langgraph4j.RunnableConfig;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code Loupe.run} on the bundled agent graph, compiled, with the openai client talking to a loopback stub. */
class PromptRunTest {

    @TempDir
    Path dir;

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();

    static Loupe agentOn(OpenAiStub stub, Path dir) {
        ModelSpec model = new ModelSpec("openai", "stub-model", stub.baseUrl(), 0.0, null, Duration.ofSeconds(10), 1, Map.of(), null);
        return Loupe.builder().graph("agent").model(model)
                .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", "sk-test"), null, Duration.ofMillis(10))))
                .store(StoreLocation.parse(dir.resolve("threads.db").toString())).build();
    }

    @Test
    void repairs_an_answer_that_breaks_the_users_schema_and_records_every_step() throws Exception {
        Path image = TestImages.drawn(dir, "scene.png", "png", 64, 48);
        Path schema = Files.writeString(dir.resolve("count.schema.json"), """
                {"type": "object", "required": ["count", "colour"],
                 "properties": {"count": {"type": "integer"}, "colour": {"enum": ["red", "green", "blue"]}}}
                """);
        stub.enqueue(OpenAiStub.text("A drawn test scene with shapes.", 100, 10));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 200, 20));
        stub.enqueue(OpenAiStub.text("I see three shapes.\n```json\n{\"count\": \"three\", \"colour\": \"purple\"}\n```", 300, 30));
        stub.enqueue(OpenAiStub.text("```json\n{\"count\": 3, \"colour\": \"red\"}\n```", 400, 40));

        try (Loupe loupe = agentOn(stub, dir)) {
            AnalysisResult result = loupe.run("How many shapes are there, and what colour is the largest?",
                    PromptOptions.defaults().withImage(image).withSchema(schema).withTools(List.of("metadata")));

            assertEquals(3, ((Number) result.output().get("count")).intValue());
            assertEquals("red", result.output().get("colour"));
            assertEquals(4, stub.requests().size());
            String repairRequest = stub.requests().get(3).raw();
            assertTrue(repairRequest.contains("purple") && repairRequest.contains("count"), repairRequest);
            assertTrue(stub.requests().get(1).raw().contains("How many shapes"), "the prompt is the agent's task");
            assertTrue(stub.requests().get(1).raw().contains("\\\"colour\\\""), "the agent is shown the schema");

            List<AgentStep> steps = loupe.steps(result.threadId());
            assertEquals(2, steps.size());
            assertEquals("metadata", steps.get(0).calls().get(0).tool());
            assertFalse(steps.get(0).calls().get(0).observation().isNull(), "the observation is recorded");
            assertEquals(200, steps.get(0).inputTokens());
            assertTrue(steps.get(1).thought().contains("three shapes"));
            assertEquals(30, steps.get(1).outputTokens());
            AnalysisState state = new AnalysisState(loupe.checkpointSaver()
                    .get(RunnableConfig.builder().threadId(result.threadId()).build()).orElseThrow().getState());
            assertEquals(1, ((Number) state.structuring().get("repair_rounds")).intValue());
            assertEquals(true, state.structuring().get("valid"));
        }
    }

    @Test
    void runs_a_prompt_without_an_image_with_no_vision_call_and_tools_saying_why_they_cannot_run() {
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 50, 5));
        stub.enqueue(OpenAiStub.text("Without an image I can only answer in general.\n```json\n{\"answer\": \"Paris\"}\n```", 60, 6));

        try (Loupe loupe = agentOn(stub, dir)) {
            AnalysisResult result = loupe.run("What is the capital of France?",
                    PromptOptions.defaults().withTools(List.of("metadata")));

            assertEquals("Paris", result.output().get("answer"));
            assertEquals(2, stub.requests().size(), "no vision call without an image");
            assertTrue(stub.requests().get(0).raw().contains("No image was given"));
            String observation = loupe.steps(result.threadId()).get(0).calls().get(0).observation().toString();
            assertTrue(observation.contains("needs an image"), observation);
            assertTrue(loupe.threads().find(result.threadId()).orElseThrow().imageSha256() == null);
        }
    }

    @Test
    void refuses_an_offline_agent_with_one_line_saying_a_model_is_needed() {
        try (Loupe loupe = Loupe.builder().graph("agent").build()) {
            LoupeException error = assertThrows(LoupeException.class, () -> loupe.run("Count the cars", PromptOptions.defaults()));
            assertEquals(LoupeException.Kind.BAD_INPUT, error.kind());
            assertTrue(error.getMessage().contains("needs a model") && !error.getMessage().contains("\n"), error.getMessage());
        }
    }

    @Test
    void refuses_an_unknown_tool_and_a_missing_schema_before_any_model_call() {
        try (Loupe loupe = agentOn(stub, dir)) {
            LoupeException tool = assertThrows(LoupeException.class,
                    () -> loupe.run("x", PromptOptions.defaults().withTools(List.of("crystal_ball"))));
            assertTrue(tool.getMessage().contains("unknown tool 'crystal_ball'"), tool.getMessage());
            LoupeException schema = assertThrows(LoupeException.class,
                    () -> loupe.run("x", PromptOptions.defaults().withSchema(dir.resolve("missing.json"))));
            assertEquals(LoupeException.Kind.BAD_INPUT, schema.kind());
            assertTrue(stub.requests().isEmpty());
        }
    }
}
