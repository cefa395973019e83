package dev.loupe.graph;

import dev.loupe.model.NodeRole;
import dev.loupe.tool.forensic.ForensicVerdict;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.core.LoupeException;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.StubScene;
import dev.loupe.tool.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The agent subgraph on the real compiled graph, its model the real OpenAI client talking to a stub server. */
class AgentLoopTest {

    @RegisterExtension
    final StubScene scene = new StubScene();
    private final OpenAiStub stub = scene.stub();

    private void alwaysCallsTools() {
        stub.otherwise(body -> OpenAiStub.toolCalls(List.<String[]>of(new String[]{"brightness", "{\"step\":" + body.path("messages").size() + "}"}), 100, 10));
    }

    private AnalysisResult run(int maxIterations, List<Tool> tools) {
        return StubbedGraph.run(StubbedGraph.spec(stub, maxIterations, tools), tools, scene.loaded());
    }

    @Test
    void runs_exactly_max_iterations_model_turns_then_answers_best_effort() {
        alwaysCallsTools();

        AnalysisResult result = run(3, List.of(new BrightnessTool()));

        assertEquals(3, stub.requests().size(), "model turns");
        assertTrue(result.flag(RunFlag.LIMIT_REACHED));
        assertEquals(3, result.toolDetails().size());
        assertTrue(List.of("real", "fake", "uncertain").contains(ForensicVerdict.of(result.output()).verdict()));
        assertTrue(result.rawText().contains("brightness_measured"), "the best effort is built from the tool results");
    }

    @Test
    void a_model_that_concludes_on_its_last_turn_does_not_reach_the_limit() {
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"brightness", "{}"}), 100, 10));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"brightness", "{\"step\":2}"}), 100, 10));
        stub.enqueue(OpenAiStub.text("Done.\n```json\n{\"verdict\":\"authentic\",\"confidence\":0.7,\"category\":\"camera original\",\"rationale\":\"ok\"}\n```", 100, 10));

        AnalysisResult result = run(3, List.of(new BrightnessTool()));

        assertEquals(3, stub.requests().size());
        assertFalse(result.flag(RunFlag.LIMIT_REACHED));
        assertEquals("real", ForensicVerdict.of(result.output()).verdict());
        assertEquals("camera_original", ForensicVerdict.of(result.output()).category());
    }

    @Test
    void the_recursion_limit_leaves_no_step_to_spare() {
        alwaysCallsTools();
        List<Tool> tools = List.of(new BrightnessTool());
        AnalysisGraph tight = StubbedGraph.build(StubbedGraph.spec(stub, 3, tools), tools, AgentLoop.recursionLimit(3) - 1);

        LoupeException error = assertThrows(LoupeException.class, () -> tight.run(scene.loaded(), "tight", null, e -> { }));

        assertTrue(error.getMessage().contains("Maximum number of iterations"), error.getMessage());
        tight.close();
    }

    @Test
    void the_recursion_limit_is_two_max_iterations_plus_one_steps_of_the_loop() {
        assertEquals(31, AgentLoop.longestPath(15));
        assertEquals(31 + AgentLoop.LANGGRAPH_BOOKKEEPING_STEPS, AgentLoop.recursionLimit(15));
    }

    @Test
    void the_tool_calls_of_one_turn_run_at_the_same_time() {
        CyclicBarrier barrier = new CyclicBarrier(2);
        List<Tool> tools = List.of(new BarrierTool("left", barrier), new BarrierTool("right", barrier));
        stub.enqueue(OpenAiStub.toolCalls(List.of(new String[]{"left", "{}"}, new String[]{"right", "{}"}), 100, 10));
        stub.enqueue(OpenAiStub.text("```json\n{\"verdict\":\"uncertain\",\"confidence\":0.5,\"category\":\"unknown\",\"rationale\":\"x\"}\n```", 50, 5));

        AnalysisResult result = run(5, tools);

        assertEquals(List.of("ok", "ok"), result.toolDetails().stream().map(d -> d.status()).toList());
    }

    @Test
    void all_tools_failed_stays_off_when_an_earlier_turn_s_calls_worked() {
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"brightness", "{}"}), 100, 10));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"no_such_tool", "{}"}), 100, 10));
        stub.enqueue(OpenAiStub.text("```json\n{\"verdict\":\"uncertain\",\"confidence\":0.5,\"category\":\"unknown\",\"rationale\":\"x\"}\n```", 50, 5));

        AnalysisResult result = run(5, List.of(new BrightnessTool()));

        assertEquals(List.of("ok", "error"), result.toolDetails().stream().map(d -> d.status()).toList());
        assertFalse(result.flag(RunFlag.ALL_TOOLS_FAILED), "the first turn's call worked");
    }

    @Test
    void an_unknown_tool_and_bad_arguments_get_error_results_the_model_reads() {
        stub.enqueue(OpenAiStub.toolCalls(List.of(new String[]{"no_such_tool", "{}"}, new String[]{"brightness", "{\"step\":0}"},
                new String[]{"brightness", "not json"}), 100, 10));
        stub.enqueue(OpenAiStub.text("```json\n{\"verdict\":\"uncertain\",\"confidence\":0.5,\"category\":\"unknown\",\"rationale\":\"x\"}\n```", 50, 5));

        AnalysisResult result = run(5, List.of(new BrightnessTool()));

        List<String> toolMessages = new ArrayList<>();
        for (JsonNode message : stub.requests().get(1).body().path("messages")) {
            if (message.path("role").asText().equals("tool")) {
                toolMessages.add(message.path("content").asText());
            }
        }
        assertEquals(3, toolMessages.size(), "every call gets a result message");
        assertTrue(toolMessages.get(0).contains("unknown tool 'no_such_tool'") && toolMessages.get(0).contains("brightness"));
        assertTrue(toolMessages.get(1).contains("invalid arguments"), toolMessages.get(1));
        assertTrue(toolMessages.get(2).contains("not valid JSON"), toolMessages.get(2));
        assertTrue(result.flag(RunFlag.ALL_TOOLS_FAILED));
        assertTrue(stub.requests().get(1).body().path("messages").toString().contains("conclude from what you have"));
    }

    @Test
    void records_token_usage_per_node_and_the_model_the_server_reports() {
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"brightness", "{}"}), 120, 30));
        stub.enqueue(OpenAiStub.text("```json\n{\"verdict\":\"fake\",\"confidence\":0.9,\"category\":\"manipulated\",\"rationale\":\"x\"}\n```", 200, 40));

        AnalysisResult result = run(5, List.of(new BrightnessTool()));

        assertEquals(320L, result.tokenUsage().of(NodeRole.AGENT).input());
        assertEquals(70L, result.tokenUsage().of(NodeRole.AGENT).output());
        assertEquals(390L, result.tokenUsage().total().total());
        assertEquals("stub-model-2026", result.models().get(NodeRole.AGENT));
        assertEquals("offline", result.models().get(NodeRole.VISION));
    }
}
