package dev.loupe.graph;

import dev.loupe.mcp.McpServerSpec;
import dev.loupe.tool.RetryPolicies;

import java.util.List;

/**
 * Where a graph's tools come from besides the class path, and how failing calls are retried: the
 * MCP servers of {@code mcp_servers:} and the retry policies of {@code tool_execution:}.
 *
 * @param mcpServers the MCP servers the graph file declares (started only when their tools are listed)
 * @param retries    how retryable tool failures are retried, per tool
 */
public record ToolSetup(List<McpServerSpec> mcpServers, RetryPolicies retries) {

    public static final ToolSetup DEFAULT = new ToolSetup(List.of(), RetryPolicies.DEFAULT);

    public ToolSetup {
        mcpServers = List.copyOf(mcpServers);
    }
}
