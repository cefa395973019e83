package dev.loupe.tool;

import java.util.List;

/**
 * Tools a graph file declares in a section of its own instead of finding them on the class path: the
 * MCP servers of {@code mcp_servers:}, say. The family that reads the section lists its source in
 * {@code META-INF/services/dev.loupe.tool.ToolSource}; the engine reads no section by name.
 */
public interface ToolSource {

    /** The graph file's top-level key this source reads. */
    String section();

    /** The declaration in the section's value, checked when the graph file is read; {@code where} names the file for errors. */
    Declared parse(Object section, String where);

    /** What a graph file declared; its tools are reached only when the graph is compiled. */
    interface Declared {

        /** The declared tools among {@code wanted}, the names the graph lists. */
        Resolved resolve(List<String> wanted);
    }

    /** The tools a declaration gave, and which of a graph's tool names can run with them. */
    interface Resolved {

        List<Tool> tools();

        /** {@code names} without those whose source is unavailable. */
        List<String> usable(List<String> names);
    }
}
