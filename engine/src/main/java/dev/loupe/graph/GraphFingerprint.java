package dev.loupe.graph;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.loupe.core.LoupeVersion;
import dev.loupe.model.NodeRole;
import dev.loupe.structure.JsonSchema;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolRegistry;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** Computes a graph's fingerprint: everything a replay needs to say whether it ran the same thing. */
final class GraphFingerprint {

    private static final ObjectMapper CANONICAL = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private GraphFingerprint() {
    }

    static Map<String, Object> of(GraphSpec spec, GraphPrompts prompts, JsonSchema schema, ToolRegistry tools) {
        Map<String, Object> fingerprint = new LinkedHashMap<>();
        fingerprint.put("loupe_version", LoupeVersion.get());
        fingerprint.put("graph", spec.name());
        fingerprint.put("graph_config_sha256", PromptTemplate.sha256(canonical(spec)));
        Map<String, String> promptHashes = new TreeMap<>();
        prompts.files().forEach((role, file) -> promptHashes.put(role, file.sha256()));
        fingerprint.put("prompts", promptHashes);
        fingerprint.put("schema_sha256", PromptTemplate.sha256(schema.text()));
        Map<String, String> models = new LinkedHashMap<>();
        for (NodeRole role : NodeRole.values()) {
            models.put(role.id(), spec.model(role).provider() + ":" + spec.model(role).displayName());
        }
        fingerprint.put("models", models);
        Map<String, String> versions = new TreeMap<>();
        for (Tool tool : tools.all()) {
            versions.put(tool.name(), tool.definition().version());
        }
        fingerprint.put("tools", versions);
        return java.util.Collections.unmodifiableMap(fingerprint);
    }

    /** The effective configuration as JSON with sorted keys; header values are left out, as secrets. */
    private static String canonical(GraphSpec spec) {
        Map<String, Object> view = new TreeMap<>();
        view.put("name", spec.name());
        view.put("max_iterations", spec.agent().maxIterations());
        view.put("use_tools", spec.agent().enabled());
        view.put("pass_image_to_agent", spec.agent().passImage());
        view.put("tools", spec.tools().names());
        view.put("vision", Map.of("max_side", spec.vision().maxSide(), "detail", spec.vision().detail()));
        view.put("prompts", new TreeMap<>(spec.prompts()));
        view.put("schema", spec.structuring().schemaPath());
        view.put("structuring", spec.structuring().rules());
        view.put("policy", spec.policy().settings());
        view.put("max_tokens", spec.agent().maxTokens());
        // Settings added since wave 1 appear only when they differ from their defaults, so the
        // hashes of existing graphs (and the threads recorded under them) stay what they were.
        if (!spec.vision().enabled()) {
            view.put("vision_enabled", false);
        }
        if (spec.evaluation().classifies()) {
            view.put("evaluation", java.util.Arrays.asList(spec.evaluation().label(), spec.evaluation().score(),
                    spec.evaluation().positive()));
        }
        view.put("fallback", String.valueOf(spec.fallback()));
        try {
            return CANONICAL.writeValueAsString(view);
        } catch (Exception e) {
            throw new IllegalStateException("graph configuration cannot be written as JSON", e);
        }
    }
}
