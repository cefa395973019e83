package dev.loupe.graph;

import dev.loupe.model.NodeRole;
import dev.loupe.tool.forensic.ForensicVerdict;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.StubScene;
import dev.loupe.tool.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The whole graph — vision, agent, structuring — on the real OpenAI client against a stub server. */
class OpenAiGraphTest {

    @RegisterExtension
    final StubScene scene = new StubScene(300, 200);
    private final OpenAiStub stub = scene.stub();

    private AnalysisResult run(GraphSpec spec, List<Tool> tools) {
        return StubbedGraph.run(spec, tools, scene.loaded());
    }

    private static List<String> toolMessages(JsonNode body) {
        List<String> texts = new ArrayList<>();
        for (JsonNode message : body.path("messages")) {
            if (message.path("role").asText().equals("tool")) {
                texts.add(message.path("content").asText());
            }
        }
        return texts;
    }

    @Test
    void the_vision_request_carries_the_resized_jpeg_as_a_low_detail_data_uri() throws Exception {
        stub.enqueue(OpenAiStub.text("A drawn test scene.", 900, 60));
        stub.enqueue(RemoteGraphs.verdict("real", 500, 50));
        GraphSpec spec = GraphOverrides.none().vision(128, "low", false).applyTo(RemoteGraphs.allRemote(stub, 3, List.of(new BrightnessTool())));

        run(spec, List.of(new BrightnessTool()));

        JsonNode content = stub.requests().get(0).body().path("messages").get(0).path("content");
        JsonNode imagePart = null;
        for (JsonNode part : content) {
            if (part.path("type").asText().equals("image_url")) {
                imagePart = part.path("image_url");
            }
        }
        assertEquals("low", imagePart.path("detail").asText());
        String url = imagePart.path("url").asText();
        assertTrue(url.startsWith("data:image/jpeg;base64,"), url.substring(0, 40));
        byte[] jpeg = Base64.getDecoder().decode(url.substring(url.indexOf(',') + 1));
        BufferedImage sent = ImageIO.read(new ByteArrayInputStream(jpeg));
        assertEquals(5, firstLuminanceQuantizer(jpeg), "libjpeg's luminance table at quality 85 starts 16 × 0.30 ≈ 5");
        assertEquals(128, sent.getWidth());
        assertEquals(85, sent.getHeight());
        assertTrue(stub.requests().get(1).body().path("messages").toString().contains("A drawn test scene."),
                "the agent starts from the visual description");
    }

    /** The first entry of the JPEG's first quantization table (DQT segment). */
    private static int firstLuminanceQuantizer(byte[] jpeg) {
        for (int i = 2; i + 4 < jpeg.length; i++) {
            if ((jpeg[i] & 0xff) == 0xFF && (jpeg[i + 1] & 0xff) == 0xDB) {
                return jpeg[i + 5] & 0xff;
            }
        }
        return -1;
    }

    @Test
    void runs_vision_then_several_tool_calls_in_one_turn_then_structuring_and_counts_the_tokens() {
        stub.enqueue(OpenAiStub.text("A drawn test scene.", 900, 60));
        stub.enqueue(OpenAiStub.toolCalls(List.of(new String[]{"brightness", "{}"}, new String[]{"brightness", "{\"step\":2}"}), 700, 40));
        stub.enqueue(RemoteGraphs.verdict("real", 1100, 90));

        AnalysisResult result = run(RemoteGraphs.allRemote(stub, 5, List.of(new BrightnessTool())), List.of(new BrightnessTool()));

        assertEquals("real", ForensicVerdict.of(result.output()).verdict());
        assertEquals(2, toolMessages(stub.requests().get(2).body()).size());
        assertEquals(List.of("ok", "ok"), result.toolDetails().stream().map(d -> d.status()).toList());
        assertEquals(960L, result.tokenUsage().of(NodeRole.VISION).total());
        assertEquals(1800L, result.tokenUsage().of(NodeRole.AGENT).input());
        assertEquals(130L, result.tokenUsage().of(NodeRole.AGENT).output());
        assertEquals(2890L, result.tokenUsage().total().total());
        assertEquals("stub-model-2026", result.models().get(NodeRole.VISION));
        assertEquals("stub-model-2026", result.models().get(NodeRole.AGENT));
        assertEquals(3, stub.requests().size(), "valid JSON needs no structuring repair call");
    }

    @Test
    void a_structuring_repair_is_counted_and_records_the_model_the_server_reports() {
        stub.enqueue(OpenAiStub.text("A drawn test scene.", 900, 60));
        stub.enqueue(OpenAiStub.text("I conclude it is probably real, but I forgot the JSON block.", 500, 20));
        stub.enqueue(OpenAiStub.text("```json\n{\"verdict\":\"real\",\"confidence\":0.6,\"category\":\"camera_original\","
                + "\"rationale\":\"probably real\"}\n```", 400, 40));

        AnalysisResult result = run(RemoteGraphs.allRemote(stub, 3, List.of(new BrightnessTool())), List.of(new BrightnessTool()));

        assertEquals("real", ForensicVerdict.of(result.output()).verdict());
        assertEquals(440L, result.tokenUsage().of(NodeRole.STRUCTURING).total());
        assertEquals("stub-model-2026", result.models().get(NodeRole.STRUCTURING));
    }

    @Test
    void pass_image_to_agent_gives_the_agent_the_image_too() {
        stub.enqueue(OpenAiStub.text("A drawn test scene.", 900, 60));
        stub.enqueue(RemoteGraphs.verdict("real", 500, 50));
        GraphSpec spec = GraphOverrides.none().vision(256, "high", true).applyTo(RemoteGraphs.allRemote(stub, 3, List.of(new BrightnessTool())));

        run(spec, List.of(new BrightnessTool()));

        String agentRequest = stub.requests().get(1).body().path("messages").toString();
        assertTrue(agentRequest.contains("data:image/jpeg;base64,") && agentRequest.contains("\"detail\":\"high\""));
    }

    @Test
    void an_agent_on_the_json_protocol_calls_tools_through_text() {
        stub.enqueue(OpenAiStub.text("A drawn test scene.", 900, 60));
        stub.enqueue(OpenAiStub.text("{\"type\":\"tool_use\",\"tool_uses\":[{\"name\":\"brightness\",\"params\":{\"step\":4}}]}", 600, 30));
        stub.enqueue(OpenAiStub.text("{\"type\":\"text\",\"text\":\"Bright enough. {\\\"verdict\\\":\\\"fake\\\",\\\"confidence\\\":0.7,"
                + "\\\"category\\\":\\\"edited\\\",\\\"rationale\\\":\\\"x\\\"}\"}", 800, 40));
        GraphSpec spec = RemoteGraphs.withModels(StubbedGraph.spec(stub, 5, List.of(new BrightnessTool())),
                RemoteGraphs.remote(stub, "native", 1), RemoteGraphs.remote(stub, "json", 1));

        AnalysisResult result = run(spec, List.of(new BrightnessTool()));

        assertEquals("fake", ForensicVerdict.of(result.output()).verdict());
        assertEquals("unknown", ForensicVerdict.of(result.output()).category());
        assertEquals(List.of("ok"), result.toolDetails().stream().map(d -> d.status()).toList());
        JsonNode second = stub.requests().get(2).body();
        assertTrue(second.path("tools").isMissingNode());
        assertTrue(second.path("messages").toString().contains("Tool results:\\n- brightness: brightness_measured: "), second.toString());
    }

    @Test
    void a_json_protocol_model_whose_replies_cannot_be_read_ends_uncertain() {
        stub.enqueue(OpenAiStub.text("A drawn test scene.", 900, 60));
        stub.enqueue(OpenAiStub.text("Sure! I will analyse it.", 600, 30));
        stub.enqueue(OpenAiStub.text("Absolutely, analysing now.", 600, 30));
        stub.otherwise(body -> OpenAiStub.text("still no JSON", 10, 2));
        GraphSpec spec = RemoteGraphs.withModels(StubbedGraph.spec(stub, 5, List.of(new BrightnessTool())),
                RemoteGraphs.remote(stub, "native", 1), RemoteGraphs.remote(stub, "json", 1));

        AnalysisResult result = run(spec, List.of(new BrightnessTool()));

        assertEquals("uncertain", ForensicVerdict.of(result.output()).verdict());
        assertTrue(result.rawText().startsWith("The model's reply could not be read"), result.rawText());
        assertTrue(result.toolDetails().isEmpty());
    }

    @Test
    void a_tool_that_overruns_its_timeout_gets_an_error_result_and_the_run_goes_on() {
        SlowTool slow = new SlowTool("slow", 5000);
        List<Tool> tools = List.of(slow, new BrightnessTool());
        stub.enqueue(OpenAiStub.toolCalls(List.of(new String[]{"slow", "{}"}, new String[]{"brightness", "{}"}), 100, 10));
        stub.enqueue(RemoteGraphs.verdict("uncertain", 100, 10));
        GraphSpec spec = RemoteGraphs.withToolTimeout(StubbedGraph.spec(stub, 5, tools), Duration.ofMillis(300));

        AnalysisResult result = run(spec, tools);

        List<String> results = toolMessages(stub.requests().get(1).body());
        assertTrue(results.get(0).contains("the tool did not finish within 0.3 s"), results.get(0));
        assertTrue(results.get(1).startsWith("brightness_measured: "), results.get(1));
        assertFalse(result.flag(RunFlag.ALL_TOOLS_FAILED));
    }

    @Test
    void an_identical_call_is_answered_from_the_first_result_without_running_the_tool_again() {
        SlowTool counted = new SlowTool("counted", 1);
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"counted", "{\"x\":1}"}), 100, 10));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"counted", "{ \"x\" : 1 }"}), 100, 10));
        stub.enqueue(RemoteGraphs.verdict("uncertain", 100, 10));

        AnalysisResult result = run(StubbedGraph.spec(stub, 5, List.of(counted)), List.of(counted));

        assertEquals(1, counted.runs.get());
        assertEquals(List.of("ok", "cached"), result.toolDetails().stream().map(d -> d.status()).toList());
        List<String> second = toolMessages(stub.requests().get(2).body());
        assertEquals(second.get(0), second.get(1));
    }

    @Test
    void an_identical_call_repeated_within_one_turn_also_runs_once() {
        SlowTool counted = new SlowTool("counted", 1);
        stub.enqueue(OpenAiStub.toolCalls(List.of(new String[]{"counted", "{\"x\":2}"}, new String[]{"counted", "{\"x\":2}"},
                new String[]{"counted", "{\"x\":3}"}), 100, 10));
        stub.enqueue(RemoteGraphs.verdict("uncertain", 100, 10));

        AnalysisResult result = run(StubbedGraph.spec(stub, 5, List.of(counted)), List.of(counted));

        assertEquals(2, counted.runs.get());
        assertEquals(List.of("ok", "cached", "ok"), result.toolDetails().stream().map(d -> d.status()).toList());
        List<String> results = toolMessages(stub.requests().get(1).body());
        assertEquals(results.get(0), results.get(1));
        assertEquals(3, results.size());
    }

    @Test
    void a_turn_whose_only_call_fails_twice_over_still_counts_as_all_tools_failed() {
        stub.enqueue(OpenAiStub.toolCalls(List.of(new String[]{"nope", "{}"}, new String[]{"nope", "{}"}), 100, 10));
        stub.enqueue(RemoteGraphs.verdict("uncertain", 100, 10));

        AnalysisResult result = run(StubbedGraph.spec(stub, 5, List.of(new BrightnessTool())), List.of(new BrightnessTool()));

        assertTrue(result.flag(RunFlag.ALL_TOOLS_FAILED));
    }

    @Test
    void a_spent_token_budget_ends_the_loop_with_a_best_effort_answer() {
        stub.otherwise(body -> OpenAiStub.toolCalls(List.<String[]>of(
                new String[]{"brightness", "{\"step\":" + body.path("messages").size() + "}"}), 100, 10));
        GraphSpec spec = GraphOverrides.none().maxTokens(150L).applyTo(StubbedGraph.spec(stub, 10, List.of(new BrightnessTool())));

        AnalysisResult result = run(spec, List.of(new BrightnessTool()));

        assertEquals(2, stub.requests().size(), "110 tokens after one turn, 220 after two");
        assertTrue(result.flag(RunFlag.BUDGET_EXHAUSTED));
        assertFalse(result.flag(RunFlag.LIMIT_REACHED));
        assertTrue(result.rawText().contains("brightness_measured"), result.rawText());
    }
}
