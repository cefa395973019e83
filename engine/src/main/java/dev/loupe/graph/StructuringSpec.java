package dev.loupe.graph;

import java.util.Map;

/**
 * The structuring node's settings.
 *
 * @param schemaPath the output schema, a path under the graph files' root
 * @param rules      the graph file's {@code structuring} section: enum aliases, clamps, derivations,
 *                   {@code repair_rounds}, read by {@link dev.loupe.structure.FieldRules}
 */
public record StructuringSpec(String schemaPath, Map<String, Object> rules) {

    /** Repair rounds when the graph file does not say. */
    public static final int DEFAULT_REPAIR_ROUNDS = 2;

    public StructuringSpec {
        rules = Map.copyOf(rules);
    }

    public int repairRounds() {
        return rules.get("repair_rounds") instanceof Number n ? n.intValue() : DEFAULT_REPAIR_ROUNDS;
    }
}
