package dev.loupe.graph;

import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A fork "with another model" (CLI {@code threads fork --model}, the page's fork form) renames the
 * model and keeps where the graph sends it: a graph configured for a local endpoint must never be
 * forked to a provider's default endpoint, which would send the image somewhere nobody chose.
 */
class ModelNamedOverrideTest {

    private static final String LOCAL = "http://127.0.0.1:9/v1";

    private static GraphSpec localGraph() {
        GraphSpec bundled = GraphSpecParser.load(GraphFiles.bundled(), "forensic");
        Map<NodeRole, ModelSpec> models = new EnumMap<>(NodeRole.class);
        for (NodeRole role : NodeRole.values()) {
            models.put(role, ModelSpec.offline().overriddenBy(Map.of("provider", "openai", "model", "first",
                    "base_url", LOCAL, "timeout_seconds", 7)));
        }
        return GraphOverrides.none().models(models).applyTo(bundled);
    }

    @Test
    void another_model_keeps_the_graphs_endpoint_and_connection_settings() {
        GraphSpec spec = localGraph();
        GraphSpec forked = GraphOverrides.none().modelNamed(spec, "second").applyTo(spec);
        for (NodeRole role : NodeRole.values()) {
            assertEquals("second", forked.model(role).name(), role + " model");
            assertEquals("openai", forked.model(role).provider(), role + " provider");
            assertEquals(LOCAL, forked.model(role).baseUrl(), role + " endpoint");
            assertEquals(Duration.ofSeconds(7), forked.model(role).timeout(), role + " timeout");
        }
    }

    @Test
    void offline_replaces_every_model_with_the_offline_policy() {
        GraphSpec spec = localGraph();
        GraphSpec forked = GraphOverrides.none().modelNamed(spec, ModelSpec.OFFLINE).applyTo(spec);
        for (NodeRole role : NodeRole.values()) {
            assertEquals(ModelSpec.OFFLINE, forked.model(role).provider(), role + " provider");
            assertNull(forked.model(role).baseUrl(), role + " endpoint");
        }
    }
}
