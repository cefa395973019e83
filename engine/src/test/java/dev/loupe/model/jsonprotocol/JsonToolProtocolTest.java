package dev.loupe.model.jsonprotocol;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.OpenAiStub;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JSON tool protocol on the real OpenAI client against a stub: what is sent and how replies are read. */
class JsonToolProtocolTest {

    private static final ToolSpecification ELA = ToolSpecification.builder().name("ela")
            .description("Error level analysis.")
            .parameters(JsonObjectSchema.builder().addProperty("quality", JsonIntegerSchema.builder().build()).build())
            .build();

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();
    private ChatModel model;

    @BeforeEach
    void start() throws Exception {
        ModelSpec spec = new ModelSpec("openai", "plain-llm", stub.baseUrl(), null, null, Duration.ofSeconds(5), 1, Map.of(), "json");
        model = new OpenAiProvider(Map.of("OPENAI_API_KEY", "k-123456")).chatModel(spec, NodeRole.AGENT, Map.of());
    }

    private ChatResponse ask(List<ChatMessage> messages) {
        return model.chat(ChatRequest.builder().messages(messages).toolSpecifications(List.of(ELA)).build());
    }

    private static List<ChatMessage> opening() {
        return List.of(SystemMessage.from("You are an analyst."), UserMessage.from("Analyse the image."));
    }

    @Test
    void describes_the_tools_in_the_system_prompt_instead_of_sending_tool_specifications() {
        stub.enqueue(OpenAiStub.text("{\"type\":\"text\",\"text\":\"done\"}", 10, 2));

        ask(opening());

        JsonNode body = stub.requests().get(0).body();
        assertTrue(body.path("tools").isMissingNode(), body.toString());
        String system = body.path("messages").get(0).path("content").asText();
        assertTrue(system.startsWith("You are an analyst."), system);
        assertTrue(system.contains("- ela: Error level analysis."), system);
        assertTrue(system.contains("\"quality\":{\"type\":\"integer\"}"), system);
        assertTrue(system.contains("{\"type\":\"tool_use\",\"tool_uses\":[{\"name\":\"TOOL\",\"params\":{...}}]}"), system);
    }

    @Test
    void a_tool_use_reply_becomes_tool_execution_requests() {
        stub.enqueue(OpenAiStub.text("Let me look.\n```json\n{\"type\":\"tool_use\",\"tool_uses\":[{\"name\":\"ela\",\"params\":{\"quality\":90}},"
                + "{\"name\":\"ela\",\"params\":{\"quality\":75}}]}\n```", 10, 2));

        AiMessage reply = ask(opening()).aiMessage();

        assertEquals(2, reply.toolExecutionRequests().size());
        assertEquals("ela", reply.toolExecutionRequests().get(0).name());
        assertEquals("{\"quality\":90}", reply.toolExecutionRequests().get(0).arguments());
        assertEquals("{\"quality\":75}", reply.toolExecutionRequests().get(1).arguments());
        assertEquals("json_1_1", reply.toolExecutionRequests().get(0).id());
    }

    @Test
    void a_text_answer_keeps_the_json_it_contains() {
        String answer = "Verdict below.\n```json\n{\"verdict\":\"real\"}\n```";
        stub.enqueue(OpenAiStub.text("{\"type\":\"text\",\"text\":" + com.fasterxml.jackson.databind.node.TextNode.valueOf(answer) + "}", 10, 2));

        AiMessage reply = ask(opening()).aiMessage();

        assertFalse(reply.hasToolExecutionRequests());
        assertEquals(answer, reply.text());
    }

    @Test
    void earlier_tool_calls_and_results_are_sent_as_plain_text() {
        stub.enqueue(OpenAiStub.text("{\"type\":\"text\",\"text\":\"done\"}", 10, 2));
        ToolExecutionRequest call = ToolExecutionRequest.builder().id("c1").name("ela").arguments("{\"quality\":90}").build();
        List<ChatMessage> conversation = new java.util.ArrayList<>(opening());
        conversation.add(AiMessage.from(List.of(call)));
        conversation.add(ToolExecutionResultMessage.from(call, "{\"status\":\"ok\",\"findings\":[]}"));

        ask(conversation);

        JsonNode messages = stub.requests().get(0).body().path("messages");
        assertEquals(4, messages.size());
        assertEquals("assistant", messages.get(2).path("role").asText());
        assertTrue(messages.get(2).path("tool_calls").isMissingNode());
        assertEquals("{\"type\":\"tool_use\",\"tool_uses\":[{\"name\":\"ela\",\"params\":{\"quality\":90}}]}",
                messages.get(2).path("content").asText());
        assertEquals("user", messages.get(3).path("role").asText());
        assertEquals("Tool results:\n- ela: {\"status\":\"ok\",\"findings\":[]}", messages.get(3).path("content").asText());
    }

    @Test
    void an_unreadable_reply_gets_one_corrective_re_ask() {
        stub.enqueue(OpenAiStub.text("I think I should run ela now.", 10, 2));
        stub.enqueue(OpenAiStub.text("{\"type\":\"tool_use\",\"tool_uses\":[{\"name\":\"ela\",\"params\":{}}]}", 12, 3));

        ChatResponse response = ask(opening());

        assertEquals(2, stub.requests().size());
        JsonNode second = stub.requests().get(1).body().path("messages");
        assertTrue(second.get(second.size() - 1).path("content").asText().startsWith("Your reply could not be read"));
        assertEquals("ela", response.aiMessage().toolExecutionRequests().get(0).name());
        assertEquals(22, response.tokenUsage().inputTokenCount());
    }

    @Test
    void a_second_unreadable_reply_ends_the_turn_with_a_text_saying_so() {
        stub.enqueue(OpenAiStub.text("no json here", 10, 2));
        stub.enqueue(OpenAiStub.text("{\"kind\":\"still wrong\"}", 10, 2));

        AiMessage reply = ask(opening()).aiMessage();

        assertEquals(2, stub.requests().size());
        assertFalse(reply.hasToolExecutionRequests());
        assertTrue(reply.text().startsWith("The model's reply could not be read"), reply.text());
    }

    @Test
    void requests_without_tools_pass_through_untouched() {
        stub.enqueue(OpenAiStub.text("A photo of a cat.", 10, 2));

        String text = model.chat(ChatRequest.builder().messages(List.of(UserMessage.from("Describe."))).build()).aiMessage().text();

        assertEquals("A photo of a cat.", text);
        assertEquals(1, stub.requests().get(0).body().path("messages").size());
    }
}
