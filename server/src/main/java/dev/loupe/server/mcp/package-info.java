/**
 * Loupe as an MCP server: {@link dev.loupe.server.mcp.LoupeMcpServer} offers Loupe's analyses and
 * threads as MCP tools, over stdio ({@code loupe mcp}) or streamable HTTP ({@code loupe serve --mcp}).
 */
package dev.loupe.server.mcp;
