package dev.loupe.tool;

import java.util.Map;

/**
 * The retry policy of every tool of a graph: one for all, and the tools that have their own
 * ({@code tool_execution.tools.<name>} in the graph file).
 */
public record RetryPolicies(RetryPolicy fallback, Map<String, RetryPolicy> perTool) {

    public static final RetryPolicies DEFAULT = new RetryPolicies(RetryPolicy.DEFAULT, Map.of());

    public RetryPolicies {
        perTool = Map.copyOf(perTool);
    }

    public RetryPolicy of(String tool) {
        return perTool.getOrDefault(tool, fallback);
    }
}
