package dev.loupe.graph;

import java.util.Map;

/**
 * The graph file's {@code policy} section: which rule-based policy the offline provider runs for
 * this graph ({@code kind}) and its settings (weights, thresholds). Model providers ignore it.
 */
public record PolicySpec(Map<String, Object> settings) {

    public PolicySpec {
        settings = Map.copyOf(settings);
    }

    /** The policy's name, or null when the graph names none. */
    public String kind() {
        Object kind = settings.get("kind");
        return kind == null ? null : String.valueOf(kind);
    }
}
