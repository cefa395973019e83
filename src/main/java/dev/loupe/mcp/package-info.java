/**
 * Model Context Protocol, both ways, on the official MCP Java SDK.
 *
 * <p>As a client: graph files declare {@code mcp_servers:} ({@link McpServersSection} reads them
 * into {@link McpServerSpec}s); {@link McpTools} turns the servers a graph uses into
 * {@link dev.loupe.tool.Tool}s named {@code server__tool}, over connections that
 * {@link McpConnections} starts lazily, shares across the analyses of one process, restarts once
 * when a server dies and closes on exit.
 *
 * <p>As a server: {@link LoupeMcpServer} offers Loupe's analyses and threads as MCP tools, over
 * stdio ({@code loupe mcp}) or streamable HTTP ({@code loupe serve --mcp}).
 */
package dev.loupe.mcp;
