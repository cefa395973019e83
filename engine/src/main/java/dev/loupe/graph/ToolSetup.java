package dev.loupe.graph;

import dev.loupe.tool.RetryPolicies;
import dev.loupe.tool.ToolSource;

import java.util.List;

/**
 * Where a graph's tools come from besides the class path, and how failing calls are retried: the
 * sections a {@link ToolSource} reads (the MCP servers of {@code mcp_servers:}) and the retry policies
 * of {@code tool_execution:}.
 *
 * @param sources    what the graph file declares in those sections (reached only when their tools are listed)
 * @param retries    how retryable tool failures are retried, per tool
 */
public record ToolSetup(List<ToolSource.Declared> sources, RetryPolicies retries) {

    public static final ToolSetup DEFAULT = new ToolSetup(List.of(), RetryPolicies.DEFAULT);

    public ToolSetup {
        sources = List.copyOf(sources);
    }
}
