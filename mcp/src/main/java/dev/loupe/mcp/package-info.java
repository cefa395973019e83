/**
 * Model Context Protocol as a client, on the official MCP Java SDK: graph files declare
 * {@code mcp_servers:} ({@link McpServersSection} reads them into {@link McpServerSpec}s, and
 * {@link McpToolSource} plugs the section into the engine); {@link McpTools} turns the servers a
 * graph uses into {@link dev.loupe.tool.Tool}s named {@code server__tool}, over connections that
 * {@link McpConnections} starts lazily, shares across the analyses of one process, restarts once
 * when a server dies and closes on exit. Loupe as an MCP server is a front end: {@code dev.loupe.server.mcp}.
 */
package dev.loupe.mcp;
