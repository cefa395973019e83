package dev.loupe.graph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.StubScene;
import dev.loupe.tool.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code tools_first} on the real compiled graph, the agent the real OpenAI client talking to a stub:
 * the tools that need no argument answer before the model's first turn, which reads their results
 * and is offered only the tools that take an argument; the turn limit and the recursion limit hold.
 */
class ToolsFirstTest {

    @RegisterExtension
    final StubScene scene = new StubScene();
    private final OpenAiStub stub = scene.stub();

    private AnalysisResult run(int maxIterations, List<Tool> tools) {
        GraphSpec spec = StubbedGraph.spec(stub, maxIterations, tools);
        AgentSpec agent = spec.agent();
        GraphSpec first = spec.with(spec.models(), spec.fallback(), spec.prompts(), spec.vision(),
                new AgentSpec(agent.enabled(), agent.maxIterations(), agent.passImage(), agent.maxTokens(), true),
                spec.tools(), spec.structuring());
        return StubbedGraph.run(first, tools, scene.loaded());
    }

    @Test
    void the_models_first_turn_reads_the_results_of_every_tool_that_needs_no_argument() {
        stub.enqueue(OpenAiStub.text("Bright enough.\n```json\n{\"verdict\":\"real\",\"confidence\":0.6}\n```", 100, 10));
        List<Tool> tools = List.of(new BrightnessTool(), new SlowTool("quick", 0));

        AnalysisResult result = run(3, tools);

        assertEquals(1, stub.requests().size(), "one model turn");
        JsonNode request = stub.requests().get(0).body();
        List<String> roles = new ArrayList<>();
        request.path("messages").forEach(m -> roles.add(m.path("role").asText()));
        assertEquals(List.of("system", "user", "assistant", "tool", "tool"), roles, request.toString());
        assertTrue(request.path("messages").get(3).path("content").asText().startsWith("brightness_measured: "), request.toString());
        List<String> offered = new ArrayList<>();
        request.path("tools").forEach(t -> offered.add(t.path("function").path("name").asText()));
        assertEquals(List.of("brightness", "quick"), offered, "tools that take an (optional) argument are offered again");
        assertEquals(List.of(Map.of("tool", "brightness", "turn", 0), Map.of("tool", "quick", "turn", 0)),
                result.toolDetails().stream().map(d -> Map.of("tool", d.tool(), "turn", d.turn())).toList());
        assertEquals("real", result.output().get("verdict"));
    }

    @Test
    void a_model_that_keeps_asking_still_gets_its_max_iterations_turns_within_the_recursion_limit() {
        stub.otherwise(body -> OpenAiStub.toolCalls(List.<String[]>of(new String[]{"brightness",
                "{\"step\":" + body.path("messages").size() + "}"}), 100, 10));

        AnalysisResult result = run(3, List.of(new BrightnessTool()));

        assertEquals(3, stub.requests().size(), "model turns");
        assertTrue(result.flag(RunFlag.LIMIT_REACHED));
        assertEquals(4, result.toolDetails().size(), "the first call and one a model turn");
    }
}
