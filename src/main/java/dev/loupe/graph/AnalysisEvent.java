package dev.loupe.graph;

import java.util.Map;

/**
 * Something that happened during an analysis, for progress displays and event streams.
 *
 * @param type   {@code node_start}, {@code node_end}, {@code tool_call}, {@code tool_result}
 * @param node   the node it happened in
 * @param detail what a listener may show: tool name, status, seconds …
 */
public record AnalysisEvent(String type, String node, Map<String, Object> detail) {

    public AnalysisEvent {
        detail = detail == null ? Map.of() : Map.copyOf(detail);
    }
}
