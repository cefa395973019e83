package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.OpenAiStub;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A conversation over HTTP with the agent graph on the real langchain4j OpenAI client, talking to a
 * loopback stub: a streamed first turn on an uploaded image that calls a tool, a second turn that
 * sends the model the whole conversation and makes no new vision call, and no key in anything served.
 */
class ServerConversationOnModelTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-http-conversation-secret-7731";
    private static final String TOKEN = "bearer-conversation-secret-5510";

    @TempDir
    Path dir;

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();
    private Loupe loupe;
    private LoupeServer server;
    private ServerClient client;

    @BeforeEach
    void start() throws Exception {
        ModelSpec model = new ModelSpec("openai", "stub-model", stub.baseUrl(), 0.0, null, Duration.ofSeconds(10), 1, Map.of(), null);
        loupe = Loupe.builder().graph("agent").model(model).overrides(GraphOverrides.none().tools(List.of("metadata")))
                .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", KEY), null, Duration.ofMillis(10))))
                .store(StoreLocation.parse(dir.resolve("threads.db").toString())).build();
        server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(1, 1).withApiToken(TOKEN), List.of(loupe));
        client = new ServerClient(server, TOKEN);
    }

    @AfterEach
    void stop() {
        server.close();
        loupe.close();
    }

    private static OpenAiStub.Reply answer(String text, int in, int out) {
        return OpenAiStub.text(text + "\n```json\n{\"answer\": \"" + text + "\"}\n```", in, out);
    }

    @Test
    void a_streamed_turn_calls_a_tool_and_the_next_turn_sends_the_whole_conversation() throws Exception {
        stub.enqueue(OpenAiStub.text("A drawn test scene.", 100, 10));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 200, 20));
        stub.enqueue(answer("A PNG with no camera metadata.", 300, 30));

        HttpResponse<String> streamed = client.post("/v1/threads/model-talk/messages", ConversationForm.TYPE, "text/event-stream",
                ConversationForm.of("What does the file say about itself?", "scene.png", ServerImages.aiMarked(64, 48)));

        assertEquals(200, streamed.statusCode(), streamed.body());
        ArrayNode events = OpenApiResponsesTest.events(streamed.body());
        assertEquals(List.of(), OpenApiResponsesTest.violations("AnalysisEventStream", events));
        List<String> names = events.findValuesAsText("event");
        assertTrue(names.indexOf("tool_call") < names.indexOf("tool_result"), names.toString());
        JsonNode last = events.get(events.size() - 1).path("data");
        assertEquals("final", events.get(events.size() - 1).path("event").asText());
        assertTrue(last.path("text").asText().contains("A PNG with no camera metadata."), last.toString());
        assertEquals("A PNG with no camera metadata.", last.at("/result/answer").asText(), last.toString());
        assertEquals(3, stub.requests().size());

        stub.enqueue(answer("Then it was likely made by software.", 400, 40));
        HttpResponse<String> second = client.post("/v1/threads/model-talk/messages", "application/json",
                ConversationForm.json("So where does it come from?"));

        assertEquals(200, second.statusCode(), second.body());
        JsonNode turn = JSON.readTree(second.body());
        assertEquals(List.of(), OpenApiResponsesTest.violations("ConversationTurn", turn));
        assertEquals(2, turn.path("turn").asInt());
        assertEquals("Then it was likely made by software.", turn.path("text").asText().strip().lines().findFirst().orElse(""));
        assertEquals(4, stub.requests().size(), "the second turn starts at the agent: no new vision call");
        String sent = stub.requests().get(3).raw();
        assertTrue(sent.contains("What does the file say about itself?") && sent.contains("A PNG with no camera metadata.")
                && sent.contains("So where does it come from?"), "the model sees the whole conversation: " + sent);

        HttpResponse<String> exported = client.get("/v1/threads/model-talk/messages");
        JsonNode conversation = JSON.readTree(exported.body());
        assertEquals(List.of("model-talk", "model-talk_turn2"), conversation.path("requests").findValuesAsText("request_id"));
        assertEquals("metadata", conversation.at("/messages/2/tool_calls/0/name").asText(), conversation.toPrettyString());
        assertEquals(100 + 10 + 200 + 20 + 300 + 30 + 400 + 40, conversation.at("/tokens/total").asLong());
        for (String body : List.of(streamed.body(), second.body(), exported.body(), client.get("/v1/threads/model-talk/history").body())) {
            assertFalse(body.contains(KEY) || body.contains(TOKEN), body);
        }
    }

    @Test
    void a_second_message_while_the_first_is_answered_is_refused_with_409() throws Exception {
        stub.enqueue(OpenAiStub.text("A drawn test scene.", 100, 10).delayed(1500));
        stub.enqueue(answer("A scene.", 200, 20));
        java.util.concurrent.CompletableFuture<HttpResponse<String>> first = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                client.post("/v1/threads/busy-talk/messages", ConversationForm.TYPE,
                        ConversationForm.of("What is it?", "scene.png", ServerImages.aiMarked(32, 32))));
        long waitUntil = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (stub.requests().isEmpty() && System.nanoTime() < waitUntil) {
            Thread.sleep(20);
        }

        HttpResponse<String> second = client.post("/v1/threads/busy-talk/messages", "application/json",
                ConversationForm.json("And?"));

        assertEquals(409, second.statusCode(), second.body());
        assertTrue(JSON.readTree(second.body()).path("detail").asText().contains("is answering another message"), second.body());
        assertEquals("The conversation is answering another message", JSON.readTree(second.body()).path("title").asText());
        assertEquals(200, first.get().statusCode(), first.get().body());
        assertEquals(2, stub.requests().size(), "the refused message called no model");
    }
}
