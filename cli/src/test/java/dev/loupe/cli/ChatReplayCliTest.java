package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.StubScene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe threads replay} of a conversation replays every turn and compares each with its own stored result. */
class ChatReplayCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final StubScene scene = new StubScene();

    @Test
    void an_offline_detect_conversation_replays_every_turn_identically_and_a_changed_turn_is_reported() throws Exception {
        String store = store();
        CliRun chat = CliRun.chat("detect the faces\ndraw these boxes: [[0.1, 0.1, 0.5, 0.5]]\nfind the bodies\n",
                "chat", "--graph", "detect", "--image", scene.picture().toString(), "--store", store, "--thread-id", "talk");
        assertEquals(0, chat.exitCode(), chat.err());

        CliRun replay = CliRun.of("threads", "replay", "talk", "--graph", "detect", "--store", store);

        assertEquals(0, replay.exitCode(), replay.err());
        assertEquals(List.of("identical: the replay reproduced thread talk",
                "  turn 1 (detect the faces): identical",
                "  turn 2 (draw these boxes: [[0.1, 0.1, 0.5, 0.5]]): identical",
                "  turn 3 (find the bodies): identical"), replay.outLines().subList(0, 4), replay.out());

        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + store); Statement sql = db.createStatement()) {
            assertEquals(1, sql.executeUpdate("UPDATE threads SET result_json = replace(result_json, 'No bodies found.', "
                    + "'Two bodies found.') WHERE id = 'talk'"));
        }
        CliRun changed = CliRun.of("threads", "replay", "talk", "--graph", "detect", "--store", store);

        assertEquals(0, changed.exitCode(), changed.err());
        List<String> lines = changed.outLines();
        assertTrue(lines.get(0).startsWith("different: the replay of thread talk"), changed.out());
        assertEquals("  turn 1 (detect the faces): identical", lines.get(1), changed.out());
        assertEquals("  turn 2 (draw these boxes: [[0.1, 0.1, 0.5, 0.5]]): identical", lines.get(2), changed.out());
        assertTrue(lines.get(3).startsWith("  turn 3 (find the bodies): different"), changed.out());
        assertTrue(changed.out().contains("Two bodies found."), changed.out());
    }

    @Test
    void a_two_turn_conversation_with_a_model_replays_each_turn_from_its_recorded_replies() throws Exception {
        chatWithTheModel("What file is it?\nHow wide?\n", "It is a PNG.", "It is 64 wide.");
        int calls = scene.stub().requests().size();

        JsonNode report = replayReport();

        assertEquals("[]", report.path("differences").toString(), report.toString());
        assertEquals(2, report.path("turns").size(), report.toString());
        assertEquals("How wide?", report.path("turns").path(1).path("question").asText(), report.toString());
        assertTrue(report.path("turns").path(0).path("identical").asBoolean() && report.path("turns").path(1).path("identical").asBoolean(),
                report.toString());
        assertEquals("It is 64 wide.", report.path("result").path("answer").asText(), report.toString());
        assertEquals(calls, scene.stub().requests().size(), "no model was called");
    }

    @Test
    void a_conversation_replays_with_the_tools_it_was_given() throws Exception {
        chatWithTheModel("What file is it?\n", "It is a PNG.");
        int calls = scene.stub().requests().size();

        JsonNode report = replayReport();

        assertEquals("[]", report.path("differences").toString(), report.toString());
        assertEquals(1, report.path("result").path("tool_usage").path("metadata").asInt(), "the metadata tool ran again");
        assertEquals(calls, scene.stub().requests().size());
    }

    /**
     * Chats with the stub as model under thread {@code talk}, one question a line of {@code turns}: it
     * describes the scene, calls the metadata tool once, then gives {@code answers}, one a turn.
     */
    private void chatWithTheModel(String turns, String... answers) {
        OpenAiStub stub = scene.stub();
        stub.enqueue(OpenAiStub.text("A drawn scene.", 100, 10));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 100, 10));
        for (String answer : answers) {
            stub.enqueue(OpenAiStub.text(answer + "\n```json\n{\"answer\": \"" + answer + "\"}\n```", 100, 10));
        }
        CliRun chat = CliRun.chat(Map.of("OPENAI_API_KEY", "sk-chat-replay-4471"), turns, "chat",
                "--image", scene.picture().toString(), "--tools", "metadata", "--model", "stub-model", "--base-url", stub.baseUrl(),
                "--max-attempts", "1", "--store", store(), "--thread-id", "talk");
        assertEquals(0, chat.exitCode(), chat.err());
    }

    /** {@code loupe threads replay talk --json}: the report. */
    private JsonNode replayReport() throws Exception {
        CliRun replay = CliRun.of("threads", "replay", "talk", "--store", store(), "--json");
        assertEquals(0, replay.exitCode(), replay.err());
        return JSON.readTree(replay.out());
    }

    private String store() {
        return scene.dir().resolve("threads.db").toString();
    }
}
