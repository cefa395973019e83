package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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

    @TempDir
    Path dir;

    private OpenAiStub stub;
    private String image;
    private String store;

    @BeforeEach
    void start() throws Exception {
        stub = new OpenAiStub();
        image = TestImages.drawn(dir, "scene.png", "png", 64, 48).toString();
        store = dir.resolve("threads.db").toString();
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    @Test
    void an_offline_detect_conversation_replays_every_turn_identically_and_a_changed_turn_is_reported() throws Exception {
        CliRun chat = CliRun.<ChatCommand>prepared("chat", command -> command.input = new ByteArrayInputStream(
                "detect the faces\ndraw these boxes: [[0.1, 0.1, 0.5, 0.5]]\nfind the bodies\n".getBytes(StandardCharsets.UTF_8)),
                "chat", "--graph", "detect", "--image", image, "--store", store, "--thread-id", "talk");
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
        stub.enqueue(OpenAiStub.text("A drawn scene.", 100, 10));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 100, 10));
        stub.enqueue(OpenAiStub.text("It is a PNG.\n```json\n{\"answer\": \"It is a PNG.\"}\n```", 100, 10));
        stub.enqueue(OpenAiStub.text("It is 64 wide.\n```json\n{\"answer\": \"It is 64 wide.\"}\n```", 100, 10));
        CliRun chat = CliRun.<ChatCommand>prepared("chat", command -> {
            command.environment = Map.of("OPENAI_API_KEY", "sk-chat-replay-4471");
            command.input = new ByteArrayInputStream("What file is it?\nHow wide?\n".getBytes(StandardCharsets.UTF_8));
        }, "chat", "--image", image, "--tools", "metadata", "--model", "stub-model", "--base-url", stub.baseUrl(),
                "--max-attempts", "1", "--store", store, "--thread-id", "talk");
        assertEquals(0, chat.exitCode(), chat.err());
        int calls = stub.requests().size();

        CliRun replay = CliRun.of("threads", "replay", "talk", "--store", store, "--json");

        assertEquals(0, replay.exitCode(), replay.err());
        JsonNode report = JSON.readTree(replay.out());
        assertEquals("[]", report.path("differences").toString(), replay.out());
        assertEquals(2, report.path("turns").size(), replay.out());
        assertEquals("How wide?", report.path("turns").path(1).path("question").asText(), replay.out());
        assertTrue(report.path("turns").path(0).path("identical").asBoolean() && report.path("turns").path(1).path("identical").asBoolean(),
                replay.out());
        assertEquals("It is 64 wide.", report.path("result").path("answer").asText(), replay.out());
        assertEquals(calls, stub.requests().size(), "no model was called");
    }
}
