package dev.loupe.mcp;

import dev.loupe.tool.ToolSource;

import java.util.List;

/** A graph file's {@code mcp_servers:} section as a source of tools (see {@link McpServersSection}, {@link McpTools}). */
public final class McpToolSource implements ToolSource {

    @Override
    public String section() {
        return "mcp_servers";
    }

    @Override
    public ToolSource.Declared parse(Object section, String where) {
        return new Servers(McpServersSection.parse(section, where));
    }

    /** The servers a graph file declares; started only when the graph is compiled and lists their tools. */
    public record Servers(List<McpServerSpec> servers) implements ToolSource.Declared {

        public Servers {
            servers = List.copyOf(servers);
        }

        @Override
        public McpTools resolve(List<String> wanted) {
            return McpTools.resolve(servers, wanted);
        }
    }
}
