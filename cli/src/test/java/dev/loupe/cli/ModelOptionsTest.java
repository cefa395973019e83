package dev.loupe.cli;

import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpec;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How the model flags change the graph file's settings. */
class ModelOptionsTest {

    private static GraphSpec adjusted(String... args) {
        AnalyzeCommand command = new AnalyzeCommand();
        new CommandLine(command).parseArgs(args);
        GraphSpec file = GraphSpecParser.load(GraphFiles.bundled(), "forensic");
        return command.models.overridesFor(file).applyTo(file);
    }

    @Test
    void model_flags_set_every_node_and_per_node_flags_win() {
        GraphSpec spec = adjusted("x.jpg", "--model", "gpt-4o-mini", "--agent-model", "o4-mini", "--structuring-model", "offline");

        assertEquals(new ModelSpec("openai", "gpt-4o-mini", null, null, null, null, 3, Map.of(), null), spec.model(NodeRole.VISION));
        assertEquals("o4-mini", spec.model(NodeRole.AGENT).name());
        assertEquals(ModelSpec.offline(), spec.model(NodeRole.STRUCTURING));
    }

    @Test
    void connection_flags_reach_the_remote_nodes() {
        GraphSpec spec = adjusted("x.jpg", "--agent-model", "llama3", "--base-url", "http://localhost:11434/v1",
                "--header", "X-One: 1", "--header", "X-Two:two words", "--temperature", "0.3", "--reasoning-effort", "low",
                "--timeout", "45", "--max-attempts", "5", "--tool-protocol", "json");

        ModelSpec agent = spec.model(NodeRole.AGENT);
        assertEquals(new ModelSpec("openai", "llama3", "http://localhost:11434/v1", 0.3, "low", Duration.ofSeconds(45), 5,
                Map.of("X-One", "1", "X-Two", "two words"), "json"), agent);
        assertEquals(ModelSpec.offline(), spec.model(NodeRole.VISION), "nodes left offline stay offline");
    }

    @Test
    void vision_budget_and_fallback_flags_change_the_graph() {
        GraphSpec spec = adjusted("x.jpg", "--max-side", "1024", "--detail", "high", "--pass-image", "--max-tokens", "3000",
                "--fallback", "offline");

        assertEquals(1024, spec.vision().maxSide());
        assertEquals("high", spec.vision().detail());
        assertEquals(true, spec.agent().passImage());
        assertEquals(3000, spec.agent().maxTokens());
        assertEquals("offline", spec.fallback());
    }

    @Test
    void without_flags_the_graph_file_stands() {
        GraphSpec file = GraphSpecParser.load(GraphFiles.bundled(), "forensic");

        assertEquals(file, adjusted("x.jpg"));
    }
}
