package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.StubScene;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the CLI does for {@code forensic}, run on every bundled graph: the thread commands on an
 * offline thread and on a model thread (the real langchain4j OpenAI client against a loopback stub),
 * and the user's question reaching the model. {@code agent} has no offline policy, so it runs only
 * with the stub.
 */
class EveryGraphCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-every-graph-secret-71c3";
    private static final List<String> OFFLINE = List.of("forensic", "forensic-calibrated", "composition", "detect", "describe");
    /** A final answer each graph's schema accepts, as a model would write it. */
    private static final Map<String, String> ANSWERS = Map.of(
            "forensic", "{\"verdict\":\"real\",\"confidence\":0.8,\"category\":\"camera_original\",\"rationale\":\"consistent\"}",
            "forensic-calibrated", "{\"verdict\":\"real\",\"confidence\":0.8,\"category\":\"camera_original\",\"rationale\":\"consistent\"}",
            "composition", "{\"summary\":\"A square in the middle.\",\"principles\":[],\"strengths\":[],\"weaknesses\":[],"
                    + "\"suggestions\":[],\"overall_score\":6,\"passages_used\":[]}",
            "detect", "{\"boxes\":[],\"count\":0,\"summary\":\"No faces found.\"}",
            "describe", "{\"orientation\":\"landscape\",\"tone\":\"mid\",\"colour\":\"red\",\"caption\":\"A red square.\"}",
            "agent", "{\"answer\":\"A red square.\"}");

    @RegisterExtension
    final StubScene scene = new StubScene();

    private String store() {
        return scene.dir().resolve("threads.db").toString();
    }

    static Stream<String> offlineGraphs() {
        return OFFLINE.stream();
    }

    static Stream<String> everyGraph() {
        return Stream.concat(OFFLINE.stream(), Stream.of("agent"));
    }

    private CliRun analyze(String graph, String... more) {
        List<String> args = new ArrayList<>(List.of("analyze", scene.picture().toString(), "--graph", graph, "--store", store(), "--thread-id", "t-" + graph));
        args.addAll(List.of(more));
        return CliRun.withEnvironment(Map.of("OPENAI_API_KEY", KEY), args.toArray(String[]::new));
    }

    private CliRun onModel(String graph, String... more) {
        scene.stub().otherwise(body -> OpenAiStub.text("Seen.\n```json\n" + ANSWERS.get(graph) + "\n```", 100, 10));
        List<String> args = new ArrayList<>(List.of("--model", "stub-model", "--base-url", scene.stub().baseUrl(), "--max-attempts", "1"));
        args.addAll(List.of(more));
        return analyze(graph, args.toArray(String[]::new));
    }

    private CliRun threads(String... args) {
        List<String> all = new ArrayList<>(List.of("threads"));
        all.addAll(List.of(args));
        all.addAll(List.of("--store", store()));
        return CliRun.of(all.toArray(String[]::new));
    }

    @ParameterizedTest
    @MethodSource("offlineGraphs")
    void threads_show_prints_what_analyze_printed(String graph) {
        CliRun analyzed = analyze(graph);
        assertEquals(0, analyzed.exitCode(), analyzed.err());

        CliRun shown = threads("show", "t-" + graph);

        assertEquals(0, shown.exitCode(), shown.err());
        List<String> lines = shown.outLines();
        assertTrue(lines.get(0).startsWith("thread t-" + graph + " · " + graph + " · done · "), lines.get(0));
        assertEquals(analyzed.outLines(), lines.subList(2, lines.size()));
    }

    @ParameterizedTest
    @MethodSource("offlineGraphs")
    void replay_finds_the_graph_from_the_thread_and_reproduces_an_offline_run(String graph) {
        assertEquals(0, analyze(graph).exitCode());

        CliRun replay = threads("replay", "t-" + graph);

        assertEquals(0, replay.exitCode(), replay.err());
        assertEquals(List.of("identical: the replay reproduced thread t-" + graph), replay.outLines());
    }

    @ParameterizedTest
    @MethodSource("everyGraph")
    void replay_of_a_model_thread_answers_from_its_recorded_replies_and_is_identical(String graph) throws Exception {
        CliRun analyzed = onModel(graph, "--json");
        assertEquals(0, analyzed.exitCode(), analyzed.err());
        JsonNode models = JSON.readTree(analyzed.out()).path("models");
        assertTrue(models.path("agent").asText().startsWith("stub-model"), models.toString());
        int calls = scene.stub().requests().size();

        CliRun replay = threads("replay", "t-" + graph, "--json");

        assertEquals(0, replay.exitCode(), replay.err());
        JsonNode report = JSON.readTree(replay.out());
        assertEquals("[]", report.path("differences").toString());
        assertTrue(report.path("identical").asBoolean(), replay.out());
        assertEquals("[]", report.path("fingerprintDrift").toString());
        assertEquals(models, report.path("result").path("models"), "each node under the model the thread recorded");
        assertEquals(calls, scene.stub().requests().size(), "a replay calls no model");
    }

    @ParameterizedTest
    @MethodSource("offlineGraphs")
    void history_fork_and_resume_find_the_graph_from_the_thread(String graph) {
        assertEquals(0, analyze(graph).exitCode());

        CliRun history = threads("history", "t-" + graph);
        CliRun fork = threads("fork", "t-" + graph, "--from", "agent");
        CliRun resume = threads("resume", "t-" + graph);

        assertEquals(0, history.exitCode(), history.err());
        assertTrue(history.outLines().stream().anyMatch(line -> line.contains(" structuring ")), history.out());
        assertEquals(0, fork.exitCode(), fork.err());
        assertTrue(fork.outLines().get(fork.outLines().size() - 1).startsWith("  thread "), fork.out());
        assertEquals(2, resume.exitCode());
        assertEquals(List.of("loupe: thread t-" + graph + " finished; nothing to resume (see 'loupe threads show t-" + graph + "')"),
                resume.errLines());
    }

    @ParameterizedTest
    @MethodSource("everyGraph")
    void the_user_s_question_reaches_the_agent_model_s_request(String graph) {
        CliRun analyzed = onModel(graph, "--prompt", "Was the sky replaced?");

        assertEquals(0, analyzed.exitCode(), analyzed.err());
        List<OpenAiStub.Recorded> requests = scene.stub().requests();
        String agentRequest = requests.get(requests.size() - 1).raw();
        assertTrue(agentRequest.contains("Was the sky replaced?"), agentRequest);
    }
}
