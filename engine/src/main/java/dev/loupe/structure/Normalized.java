package dev.loupe.structure;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * A JSON object after {@link Normalizer}: the new object and one line per value it changed
 * ({@code verdict: "AI-generated" → "fake"}).
 */
public record Normalized(ObjectNode value, List<String> changes) {

    public Normalized {
        changes = List.copyOf(changes);
    }
}
