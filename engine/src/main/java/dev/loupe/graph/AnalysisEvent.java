package dev.loupe.graph;

import java.util.Map;

/**
 * Something that happened during an analysis, for progress displays and event streams.
 *
 * <p>The events of one analysis arrive in order: {@code node_start}/{@code node_end} around every
 * node, {@code tool_call}/{@code tool_result} inside the agent, and last {@code final}, whose
 * {@link #result()} is the analysis' result.
 *
 * @param type   {@code node_start}, {@code node_end}, {@code tool_call}, {@code tool_result}, {@code final}
 * @param node   the node it happened in ({@code final} events: the graph's name)
 * @param detail what a listener may show: tool name, status, seconds …
 */
public record AnalysisEvent(String type, String node, Map<String, Object> detail) {

    public static final String NODE_START = "node_start";
    public static final String NODE_END = "node_end";
    public static final String TOOL_CALL = "tool_call";
    public static final String TOOL_RESULT = "tool_result";
    /** The last event of a successful analysis; its detail holds the result under {@code result}. */
    public static final String FINAL = "final";

    public AnalysisEvent {
        detail = detail == null ? Map.of() : Map.copyOf(detail);
    }

    /** The event that ends a successful analysis. */
    public static AnalysisEvent finalResult(AnalysisResult result) {
        return new AnalysisEvent(FINAL, result.graph(), Map.of("result", result));
    }

    /** The result a {@code final} event carries, or null for every other event. */
    public AnalysisResult result() {
        return detail.get("result") instanceof AnalysisResult result ? result : null;
    }

    /** Whether this is the {@code final} event, which carries the {@link #result()}. */
    public boolean isFinal() {
        return FINAL.equals(type);
    }
}
