package dev.loupe.graph;

import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The models section of a graph file: a default, per-node overrides, headers merged. */
class GraphFileModelsTest {

    @Test
    void node_entries_override_the_default_field_by_field_and_merge_headers() {
        GraphSpec spec = GraphSpecParser.parse("""
                name: g
                models:
                  default: {provider: openai, model: gpt-4o-mini, base_url: "http://localhost:8000/v1", headers: {X-Org: acme}}
                  vision: {model: gpt-4o, timeout_seconds: 30}
                  agent: {model: qwen2.5, tool_protocol: json, max_attempts: 5, headers: {X-Route: gpu}}
                  structuring: {provider: offline}
                fallback: offline
                max_tokens_per_analysis: 3000
                """, "test.yaml");

        assertEquals(new ModelSpec("openai", "gpt-4o", "http://localhost:8000/v1", null, null, Duration.ofSeconds(30), 3,
                Map.of("X-Org", "acme"), "native"), spec.model(NodeRole.VISION));
        assertEquals(new ModelSpec("openai", "qwen2.5", "http://localhost:8000/v1", null, null, null, 5,
                Map.of("X-Org", "acme", "X-Route", "gpu"), "json"), spec.model(NodeRole.AGENT));
        assertEquals("offline", spec.model(NodeRole.STRUCTURING).provider());
        assertEquals("offline", spec.fallback());
        assertEquals(3000, spec.agent().maxTokens());
    }
}
