package dev.loupe.tool;

import java.util.Objects;

/**
 * A tool whose definition is fixed when it is made, as a built-in tool's is: it hands its
 * {@link ToolDefinition} to this constructor rather than writing {@link #definition()} itself.
 * A tool whose definition is read at run time (an MCP server's) implements {@link Tool} directly.
 */
public abstract class DefinedTool implements Tool {

    private final ToolDefinition definition;

    protected DefinedTool(ToolDefinition definition) {
        this.definition = Objects.requireNonNull(definition, "definition");
    }

    @Override
    public final ToolDefinition definition() {
        return definition;
    }
}
