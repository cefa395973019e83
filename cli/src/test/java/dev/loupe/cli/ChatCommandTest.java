package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.structure.JsonSchema;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe chat} driven through standard input, on the compiled agent graph against a loopback stub. */
class ChatCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();
    private Path image;

    @BeforeEach
    void start() throws Exception {
        image = TestImages.drawn(dir, "scene.png", "png", 64, 48);
    }

    private CliRun chat(String stdin, String... options) {
        List<String> args = new ArrayList<>(List.of("chat", "--model", "stub-model", "--base-url", stub.baseUrl(),
                "--max-attempts", "1", "--store", dir.resolve("threads.db").toString()));
        args.addAll(List.of(options));
        return CliRun.<ChatCommand>prepared("chat", chat -> {
            chat.environment = Map.of("OPENAI_API_KEY", "sk-chat-secret-5521");
            chat.input = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        }, args.toArray(String[]::new));
    }

    private static OpenAiStub.Reply answer(String text, int in, int out) {
        return OpenAiStub.text(text + "\n```json\n{\"answer\": \"" + text + "\"}\n```", in, out);
    }

    @Test
    void continues_a_conversation_from_its_thread_id_and_exports_it_in_the_documented_schema() throws Exception {
        stub.enqueue(OpenAiStub.text("A red square on white.", 100, 10));
        stub.enqueue(answer("A red square.", 200, 20));
        CliRun first = chat("What is in the picture?\n/exit\nnever read\n", "--image", image.toString(), "--thread-id", "talk-1",
                "--tools", "metadata");
        assertEquals(0, first.exitCode(), first.err());
        assertTrue(first.out().contains("A red square."), first.out());
        assertEquals(2, stub.requests().size());

        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 300, 30));
        stub.enqueue(answer("It is red, and the file says PNG.", 400, 40));
        Path saved = dir.resolve("saved.json");
        CliRun second = chat("And what colour is it?\n/save " + saved + "\n", "--thread-id", "talk-1", "--tools", "metadata");
        assertEquals(0, second.exitCode(), second.err());
        assertTrue(second.err().contains("continuing conversation talk-1"), second.err());
        assertTrue(second.out().contains("It is red"), second.out());
        assertEquals(4, stub.requests().size(), "the second session starts at the agent: no new vision call");
        String secondTurn = stub.requests().get(2).raw();
        assertTrue(secondTurn.contains("What is in the picture?") && secondTurn.contains("A red square.")
                && secondTurn.contains("And what colour is it?"), "the model sees the whole conversation: " + secondTurn);

        JsonNode conversation = JSON.readTree(Files.readString(saved));
        String schema = new String(getClass().getResourceAsStream("/schemas/conversation.schema.json").readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(List.of(), JsonSchema.parse(schema).validate(conversation));
        assertEquals("talk-1", conversation.path("conversation_id").asText());
        assertEquals("scene.png", conversation.path("image").path("name").asText());
        assertEquals("talk-1", conversation.path("requests").get(0).path("request_id").asText());
        assertEquals("talk-1_turn2", conversation.path("requests").get(1).path("request_id").asText());
        assertEquals(300 + 30 + 400 + 40, conversation.path("requests").get(1).path("tokens").path("total").asLong());
        assertEquals(1000 + 100, conversation.path("tokens").path("total").asLong());
        List<String> roles = new ArrayList<>();
        conversation.path("messages").forEach(m -> roles.add(m.path("role").asText()));
        assertEquals(List.of("system", "user", "assistant", "user", "assistant", "assistant"), roles, conversation.toPrettyString());
        JsonNode call = conversation.path("messages").get(4).path("tool_calls").get(0);
        assertEquals("metadata", call.path("name").asText());
        assertTrue(call.path("arguments").isObject());
        assertTrue(call.path("result").isObject() && call.path("result").size() > 0, call.toString());
        assertFalse(Files.readString(saved).contains("sk-chat-secret"));

        CliRun exported = CliRun.of("threads", "export", "talk-1", "--format", "conversation", "--graph", "agent",
                "--store", dir.resolve("threads.db").toString());
        assertEquals(0, exported.exitCode());
        assertEquals(conversation, JSON.readTree(exported.out()));
    }

    @Test
    void refuses_to_continue_a_conversation_on_another_image() throws Exception {
        stub.enqueue(OpenAiStub.text("A red square on white.", 100, 10));
        stub.enqueue(answer("A red square.", 200, 20));
        assertEquals(0, chat("What is it?\n", "--image", image.toString(), "--thread-id", "talk-2").exitCode());
        Path other = TestImages.drawn(dir, "other.jpg", "jpg", 80, 40);

        CliRun refused = chat("And now?\n", "--image", other.toString(), "--thread-id", "talk-2");

        assertEquals(2, refused.exitCode());
        assertTrue(refused.err().contains("talk-2") && refused.err().strip().lines().count() == 1, refused.err());
        assertEquals(2, stub.requests().size(), "no model call for a refused continuation");
    }

    @Test
    void says_in_one_line_that_the_offline_agent_needs_a_model() {
        CliRun run = CliRun.<ChatCommand>prepared("chat", chat -> chat.input = InputStream.nullInputStream(),
                "chat", "--store", "memory");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("needs a model") && run.err().strip().lines().count() == 1, run.err());
    }
}
