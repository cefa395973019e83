package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.StubScene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each graph answers with its own policy or template: the agent without a model says it needs one,
 * its best effort at the turn limit is its own, the composition critic's too, and a detect
 * conversation answers each turn on its own; with the flags that go with them.
 */
class GraphsOwnAnswersCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final StubScene scene = new StubScene();

    @Test
    void the_agent_graph_without_a_model_says_in_one_line_that_it_needs_one() {
        CliRun run = CliRun.of("analyze", scene.picture().toString(), "--graph", "agent", "--store", "memory");

        assertEquals(2, run.exitCode());
        assertEquals(List.of("loupe: the agent graph needs a model: the offline provider cannot answer an arbitrary prompt; "
                + "pass --model NAME with --base-url URL (key in LOUPE_API_KEY)"), run.errLines());
        assertEquals("", run.out());
    }

    @Test
    void the_agent_s_best_effort_at_the_turn_limit_lists_what_the_tools_returned_and_no_verdict() throws Exception {
        // The vision request carries the image; the agent's does not (pass_image_to_agent: false), and
        // every agent turn asks for a tool.
        scene.stub().otherwise(body -> body.toString().contains("image_url") ? OpenAiStub.text("A drawn scene.", 100, 10)
                : OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 100, 10));

        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", "sk-agent-limit-3391"), "analyze", scene.picture().toString(), "--graph", "agent",
                "--model", "stub-model", "--base-url", scene.stub().baseUrl(), "--max-attempts", "1", "--max-iterations", "1",
                "--store", "memory", "--json");

        assertEquals(0, run.exitCode(), run.err());
        JsonNode result = JSON.readTree(run.out());
        assertTrue(result.path("limit_reached").asBoolean(), run.out());
        assertTrue(result.path("answer").asText().startsWith("The agent stopped before its model concluded, and no rule answers "
                + "this graph's question without one. What the tools returned: metadata "), result.path("answer").asText());
        assertFalse(result.has("verdict"), "no forensic verdict from a graph that asked for none");
    }

    @Test
    void the_composition_critic_s_best_effort_at_the_turn_limit_is_its_own_critique() throws Exception {
        CliRun run = CliRun.of("analyze", scene.picture().toString(), "--graph", "composition", "--max-iterations", "1", "--store", "memory", "--json");

        assertEquals(0, run.exitCode(), run.err());
        JsonNode result = JSON.readTree(run.out());
        assertTrue(result.path("limit_reached").asBoolean(), run.out());
        assertTrue(result.has("principles") && result.path("overall_score").isNumber(), run.out());
        assertFalse(result.has("verdict"), run.out());
    }

    @Test
    void a_detect_conversation_answers_each_turn_on_its_own_and_writes_its_pictures_under_out() throws Exception {
        Path pictures = scene.dir().resolve("pictures");
        String turns = "detect the faces\ndraw these boxes: [[0.1, 0.1, 0.5, 0.5]]\nfind the bodies\n";

        CliRun chat = CliRun.chat(turns, "chat", "--graph", "detect", "--image", scene.picture().toString(), "--store", "memory",
                "--thread-id", "talk", "--out", pictures.toString());

        assertEquals(0, chat.exitCode(), chat.err());
        List<String> summaries = chat.outLines().stream().filter(line -> line.startsWith("  \"summary\"")).toList();
        assertEquals(3, summaries.size(), chat.out());
        assertEquals(List.of("  \"summary\" : \"No faces found.\",", "  \"summary\" : \"1 box (object), drawn.\",",
                "  \"summary\" : \"No bodies found.\","), summaries, chat.out());
        try (Stream<Path> written = Files.walk(pictures)) {
            assertEquals(1, written.filter(p -> p.toString().endsWith(".png")).count(), "the drawn boxes of turn 2");
        }
    }

    @Test
    void an_out_that_is_a_file_exits_2_with_one_line() throws Exception {
        Path file = Files.writeString(scene.dir().resolve("not-a-folder"), "x");

        CliRun run = CliRun.of("analyze", scene.picture().toString(), "--out", file.toString(), "--store", "memory");

        assertEquals(2, run.exitCode());
        assertEquals(List.of("loupe: the output folder " + file + " is a file; give a folder (it is made when missing)"),
                run.errLines());
        assertEquals("", run.out());
    }

    @Test
    void help_shows_the_help_of_a_subcommand_however_deep() {
        CliRun fork = CliRun.of("help", "threads", "fork");
        CliRun unknown = CliRun.of("help", "threads", "spoon");

        assertEquals(0, fork.exitCode(), fork.err());
        assertTrue(fork.out().startsWith("Usage: loupe threads fork "), fork.out());
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.errLines().get(0).contains("loupe threads has no command 'spoon'; see 'loupe threads --help'"),
                unknown.err());
    }
}
