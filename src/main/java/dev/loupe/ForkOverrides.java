package dev.loupe;

import dev.loupe.graph.GraphSpec;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;

import java.util.EnumMap;
import java.util.Map;

/**
 * What a fork changes before it re-runs the rest of a thread: models per node, prompt files by
 * role, the output schema. Empty overrides re-run the rest as it was configured.
 *
 * @param schemaPath the schema file, relative to the graph files' root, or null to keep it
 */
public record ForkOverrides(Map<NodeRole, ModelSpec> models, Map<String, String> prompts, String schemaPath) {

    public ForkOverrides {
        models = models == null ? Map.of() : Map.copyOf(models);
        prompts = prompts == null ? Map.of() : Map.copyOf(prompts);
    }

    public static ForkOverrides none() {
        return new ForkOverrides(Map.of(), Map.of(), null);
    }

    GraphSpec applyTo(GraphSpec spec) {
        GraphSpec result = spec;
        if (!models.isEmpty()) {
            Map<NodeRole, ModelSpec> merged = new EnumMap<>(spec.models());
            merged.putAll(models);
            result = result.withModels(merged);
        }
        for (var prompt : prompts.entrySet()) {
            result = result.withPrompt(prompt.getKey(), prompt.getValue());
        }
        if (schemaPath != null) {
            result = result.withSchema(schemaPath);
        }
        return result;
    }
}
