package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.structure.JsonSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Conversations over HTTP with the offline provider: the forensic graph (which has an offline policy)
 * talked to turn by turn, streamed and not, exported; the agent graph (which needs a model) refused;
 * and the refusals {@code loupe chat} makes, as 409 problems.
 */
class ServerConversationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOKEN = "conversation-token-3e1d";

    @TempDir
    static Path dir;

    private static LoupeStore store;
    private static Loupe forensic;
    private static Loupe agent;
    private static LoupeServer server;
    private static ServerClient client;

    @BeforeAll
    static void start() {
        store = LoupeStore.open(StoreLocation.parse(dir.resolve("threads.db").toString()), AnalysisGraph.serializer());
        forensic = Loupe.builder().graph("forensic").store(store).build();
        agent = Loupe.builder().graph("agent").store(store).build();
        server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(2, 2).withApiToken(TOKEN), List.of(forensic, agent));
        client = new ServerClient(server, TOKEN);
    }

    @AfterAll
    static void stop() {
        server.close();
        forensic.close();
        agent.close();
        store.close();
    }

    private static JsonNode ok(HttpResponse<String> response) throws Exception {
        assertEquals(200, response.statusCode(), response.body());
        return JSON.readTree(response.body());
    }

    private static JsonNode problem(int status, HttpResponse<String> response) throws Exception {
        assertEquals(status, response.statusCode(), response.body());
        assertEquals(Problem.CONTENT_TYPE, response.headers().firstValue("Content-Type").orElse("").split(";")[0]);
        JsonNode problem = JSON.readTree(response.body());
        assertEquals(1, problem.path("detail").asText().lines().count(), response.body());
        return problem;
    }

    private static HttpResponse<String> say(String id, HttpRequest.BodyPublisher body, String type) {
        return client.post("/v1/threads/" + id + "/messages", type, body);
    }

    @Test
    void a_conversation_starts_on_its_upload_continues_by_id_and_exports_in_the_documented_schema() throws Exception {
        JsonNode first = ok(say("web-1", ConversationForm.of("Is this photo real?", "marked.png", ServerImages.aiMarked(64, 48)),
                ConversationForm.TYPE));
        JsonNode second = ok(say("web-1", ConversationForm.json("Why do you say so?"), "application/json"));

        assertEquals(List.of(), OpenApiResponsesTest.violations("ConversationTurn", first), first.toString());
        assertEquals("web-1", first.path("thread_id").asText());
        assertEquals(1, first.path("turn").asInt());
        assertEquals("web-1", first.path("request_id").asText());
        assertEquals("forensic", first.path("result").path("graph").asText());
        assertEquals(2, second.path("turn").asInt());
        assertEquals("web-1_turn2", second.path("request_id").asText());
        assertEquals(first.at("/result/image/sha256"), second.at("/result/image/sha256"), "the second turn is on the same image");

        JsonNode conversation = ok(client.get("/v1/threads/web-1/messages"));
        String schema = new String(getClass().getResourceAsStream("/schemas/conversation.schema.json").readAllBytes(),
                StandardCharsets.UTF_8);
        assertEquals(List.of(), JsonSchema.parse(schema).validate(conversation), conversation.toPrettyString());
        assertEquals(List.of(), OpenApiResponsesTest.violations("Conversation", conversation));
        assertEquals("marked.png", conversation.at("/image/name").asText());
        assertEquals(List.of("web-1", "web-1_turn2"), List.of(conversation.at("/requests/0/request_id").asText(),
                conversation.at("/requests/1/request_id").asText()));
        assertTrue(conversation.path("messages").toString().contains("Why do you say so?"), conversation.toString());

        JsonNode history = ok(client.get("/v1/threads/web-1/history"));
        assertTrue(history.path("checkpoints").findValuesAsText("thread_id").contains("web-1_turn2"), history.toString());
    }

    /** The conversation is free before its answer is sent, so a client that sends on reading the answer is never refused as busy. */
    @Test
    void takes_the_next_message_the_moment_the_answer_has_come() throws Exception {
        ok(say("web-quick", ConversationForm.of("Is this photo real?", "marked.png", ServerImages.aiMarked(48, 48)), ConversationForm.TYPE));
        for (int turn = 2; turn <= 8; turn++) {
            JsonNode reply = ok(say("web-quick", ConversationForm.json("And then? (" + turn + ")"), "application/json"));
            assertEquals(turn, reply.path("turn").asInt());
        }
        HttpResponse<String> streamed = client.post("/v1/threads/web-quick/messages", "application/json", "text/event-stream",
                ConversationForm.json("One more, streamed."));
        assertEquals(200, streamed.statusCode(), streamed.body());
        ok(say("web-quick", ConversationForm.json("And right after the stream?"), "application/json"));
    }

    @Test
    void a_turn_streams_its_events_when_asked_for_an_event_stream_the_final_one_carrying_the_answer() throws Exception {
        HttpResponse<String> response = client.post("/v1/threads/web-stream/messages", ConversationForm.TYPE, "text/event-stream",
                ConversationForm.of("Look at this one.", "marked.png", ServerImages.aiMarked(48, 48)));

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        ArrayNode events = OpenApiResponsesTest.events(response.body());
        assertEquals(List.of(), OpenApiResponsesTest.violations("AnalysisEventStream", events));
        assertEquals("node_start", events.get(0).path("event").asText());
        assertTrue(events.findValuesAsText("event").contains("tool_call"), events.toString());
        JsonNode last = events.get(events.size() - 1);
        assertEquals("final", last.path("event").asText());
        assertEquals(1, last.at("/data/turn").asInt());
        assertEquals("web-stream", last.at("/data/request_id").asText());
        assertEquals("forensic", last.at("/data/result/graph").asText());
    }

    @Test
    void refuses_what_loupe_chat_refuses_with_problem_details() throws Exception {
        ok(say("web-img", ConversationForm.of("What is this?", "marked.png", ServerImages.aiMarked(64, 48)), ConversationForm.TYPE));
        JsonNode otherImage = problem(409, say("web-img", ConversationForm.of("And this?", "plain.jpg", ServerImages.plainJpeg(64, 48)),
                ConversationForm.TYPE));
        assertCause(ProblemType.OTHER_IMAGE, otherImage);
        assertTrue(otherImage.path("detail").asText().startsWith("conversation web-img is about marked.png (sha256 "), otherImage.toString());
        assertTrue(otherImage.path("detail").asText().endsWith("or start a new conversation"), otherImage.toString());

        ok(client.upload("?thread_id=web-analysis", "photo.jpg", ServerImages.plainJpeg(64, 48)));
        JsonNode analysis = problem(409, say("web-analysis", ConversationForm.json("Tell me more."), "application/json"));
        assertTrue(analysis.path("detail").asText().contains("is an analysis, not a conversation"), analysis.toString());
        assertCause(ProblemType.NOT_A_CONVERSATION, analysis);
        assertCause(ProblemType.NOT_A_CONVERSATION, problem(409, client.get("/v1/threads/web-analysis/messages")));

        JsonNode otherGraph = problem(409, client.post("/v1/threads/web-img/messages?graph=agent", "application/json",
                ConversationForm.json("Now as the agent?")));
        assertTrue(otherGraph.path("detail").asText().contains("web-img"), otherGraph.toString());
        assertCause(ProblemType.OTHER_CONFIGURATION, otherGraph);
    }

    /** Each refusal says its own cause in the problem's type and title, not "the thread id is taken" for all. */
    private static void assertCause(ProblemType expected, JsonNode problem) {
        assertEquals(expected.uri(), problem.path("type").asText(), problem.toString());
        assertEquals(expected.title(), problem.path("title").asText(), problem.toString());
    }

    @Test
    void says_what_is_wrong_with_a_message_before_anything_runs() throws Exception {
        JsonNode needsModel = problem(400, client.post("/v1/threads/web-agent/messages?graph=agent", "application/json",
                ConversationForm.json("What can you do?")));
        assertTrue(needsModel.path("detail").asText().contains("needs a model"), needsModel.toString());
        problem(400, say("web-empty", ConversationForm.json(" "), "application/json"));
        problem(400, say("web-bad", HttpRequest.BodyPublishers.ofString("{\"text\": "), "application/json"));
        problem(400, say("web_turn2", ConversationForm.json("hello"), "application/json"));
        problem(415, say("web-plain", HttpRequest.BodyPublishers.ofString("hello"), "text/plain"));
        problem(404, client.post("/v1/threads/web-nowhere/messages?graph=nonesuch", "application/json", ConversationForm.json("hello")));
        problem(404, client.get("/v1/threads/no-such-conversation/messages"));
        problem(401, client.withToken(null).post("/v1/threads/web-open/messages", "application/json", ConversationForm.json("hello")));
        assertTrue(forensic.threads().find("web-empty").isEmpty(), "a refused first message claims no thread");
        assertTrue(forensic.threads().find("web-open").isEmpty());
    }
}
