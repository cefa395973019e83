package dev.loupe.cli;

import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A conversation's turn threads ({@code ID_turnN}) belong to it: history shows them, delete removes them. */
class ChatTurnThreadsTest {

    @TempDir
    Path dir;

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();
    private Path image;
    private Path store;

    @BeforeEach
    void start() throws Exception {
        image = TestImages.drawn(dir, "scene.png", "png", 64, 48);
        store = dir.resolve("threads.db");
    }

    private CliRun loupe(InputStream stdin, String... args) {
        return CliRun.<ChatCommand>prepared("chat", chat -> {
            chat.environment = Map.of("OPENAI_API_KEY", "sk-turns-secret-0042");
            chat.input = stdin;
        }, args);
    }

    private CliRun chat(String stdin, String... options) {
        List<String> args = new ArrayList<>(List.of("chat", "--model", "stub-model", "--base-url", stub.baseUrl(),
                "--max-attempts", "1", "--store", store.toString()));
        args.addAll(List.of(options));
        return loupe(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), args.toArray(String[]::new));
    }

    private static OpenAiStub.Reply answer(String text) {
        return OpenAiStub.text(text + "\n```json\n{\"answer\": \"" + text + "\"}\n```", 50, 5);
    }

    private TreeSet<String> checkpointThreads() throws Exception {
        TreeSet<String> threads = new TreeSet<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + store);
             PreparedStatement select = db.prepareStatement("SELECT DISTINCT thread_id FROM checkpoints");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                threads.add(rows.getString(1));
            }
        }
        return threads;
    }

    @Test
    void history_shows_every_turn_of_a_three_turn_conversation_and_delete_removes_them_all() throws Exception {
        stub.enqueue(OpenAiStub.text("A red square on white.", 100, 10));
        stub.enqueue(answer("A red square."));
        stub.enqueue(answer("Red."));
        stub.enqueue(answer("Sixty-four pixels wide."));
        CliRun talk = chat("What is it?\nWhat colour?\nHow wide?\n", "--image", image.toString(), "--thread-id", "three");
        assertEquals(0, talk.exitCode(), talk.err());
        assertEquals(4, stub.requests().size());
        // Another thread whose id starts the same way must survive the deletion.
        stub.enqueue(OpenAiStub.text("A red square on white.", 100, 10));
        stub.enqueue(answer("Still red."));
        assertEquals(0, chat("What is it?\n", "--image", image.toString(), "--thread-id", "three_turn").exitCode());
        TreeSet<String> before = checkpointThreads();
        assertTrue(before.containsAll(List.of("three", "three_turn2", "three_turn3", "three_turn")), before.toString());

        CliRun history = loupe(InputStream.nullInputStream(), "threads", "history", "three", "--graph", "agent", "--store", store.toString());

        assertEquals(0, history.exitCode(), history.err());
        for (String scope : List.of(" graph ", " turn2 graph ", " turn3 graph ")) {
            assertTrue(history.out().contains(scope), scope + " missing from:\n" + history.out());
        }

        CliRun delete = loupe(InputStream.nullInputStream(), "threads", "delete", "three", "--graph", "agent", "--store", store.toString());

        assertEquals(0, delete.exitCode(), delete.err());
        TreeSet<String> after = checkpointThreads();
        assertTrue(after.stream().noneMatch(t -> t.equals("three") || t.startsWith("three_turn2") || t.startsWith("three_turn3")
                || t.equals("three_subgraph_agent")), after.toString());
        assertTrue(after.contains("three_turn"), "another thread's checkpoints are kept: " + after);
    }

    @Test
    void an_unknown_tool_is_bad_input_with_one_line_naming_the_known_tools() {
        CliRun run = chat("hello\n", "--tools", "nope");

        assertEquals(2, run.exitCode(), run.err());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("unknown tool 'nope'") && run.err().contains("metadata"), run.err());
        assertEquals(0, stub.requests().size());
    }
}
