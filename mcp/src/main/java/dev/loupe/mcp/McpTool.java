package dev.loupe.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.RetryableToolException;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.Map;

/**
 * A tool of an MCP server as a Loupe {@link Tool}: named {@code server__tool}, described and
 * validated with the server's own description and JSON Schema, run by a call on the shared
 * connection. A broken transport or a timeout is retryable; the server's own errors are not.
 */
final class McpTool implements Tool {

    private final McpConnection connection;
    private final String remoteName;
    private final String name;
    private final String description;
    private final String schema;

    McpTool(McpConnection connection, McpSchema.Tool tool) {
        this.connection = connection;
        this.remoteName = tool.name();
        this.name = connection.spec().toolName(tool.name());
        String text = tool.description() != null ? tool.description() : tool.title() != null ? tool.title() : tool.name();
        this.description = text + " (from MCP server " + connection.spec().name() + ")";
        this.schema = argumentSchema(tool.inputSchema());
    }

    /** The version is the server's, known once the connection is up. */
    @Override
    public ToolDefinition definition() {
        return ToolDefinition.builder(name, "mcp:" + connection.serverVersion()).description(description).arguments(schema).build();
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws RetryableToolException {
        Map<String, Object> values = McpJson.JSON.convertValue(arguments, new TypeReference<>() {});
        try {
            return McpToolResults.toToolResult(connection.call(remoteName, values));
        } catch (McpFailure failure) {
            if (failure.retryable()) {
                throw new RetryableToolException(failure.getMessage(), failure);
            }
            return ToolResult.error(name + " failed: " + failure.getMessage());
        }
    }

    /**
     * The server's input schema as text, without {@code $schema}: Loupe validates arguments with its
     * draft 2020-12 validator and fetches no meta-schema from anywhere.
     */
    private static String argumentSchema(McpSchema.JsonSchema input) {
        ObjectNode schema = input == null ? McpJson.JSON.createObjectNode() : McpJson.JSON.valueToTree(input);
        schema.remove("$schema");
        schema.properties().removeIf(field -> field.getValue().isNull());
        if (!schema.has("type")) {
            schema.put("type", "object");
        }
        return schema.toString();
    }
}
