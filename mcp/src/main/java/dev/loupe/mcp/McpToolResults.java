package dev.loupe.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.List;

/**
 * An MCP tool result as a Loupe {@link ToolResult}: the text blocks joined as {@code data.text}
 * (which the model reads whole, within its budget), structured content as {@code data.structured},
 * other blocks (images, audio, resources) listed by kind and size. {@code isError} results are
 * error results with the server's text as the message.
 */
final class McpToolResults {

    private McpToolResults() {
    }

    static ToolResult toToolResult(McpSchema.CallToolResult result) {
        if (result == null) {
            return ToolResult.error("the MCP server returned no result");
        }
        StringBuilder text = new StringBuilder();
        ObjectNode data = McpJson.JSON.createObjectNode();
        ArrayNode other = McpJson.JSON.createArrayNode();
        List<McpSchema.Content> content = result.content() == null ? List.of() : result.content();
        for (McpSchema.Content block : content) {
            if (block instanceof McpSchema.TextContent textBlock) {
                text.append(text.isEmpty() ? "" : "\n").append(textBlock.text());
            } else if (block instanceof McpSchema.ImageContent image) {
                other.addObject().put("type", "image").put("mime_type", image.mimeType())
                        .put("base64_chars", image.data() == null ? 0 : image.data().length());
            } else if (block != null) {
                other.addObject().put("type", block.type());
            }
        }
        if (Boolean.TRUE.equals(result.isError())) {
            return ToolResult.error(text.isEmpty() ? "the MCP tool reported an error" : text.toString());
        }
        data.put("text", text.toString());
        if (result.structuredContent() != null) {
            data.set("structured", McpJson.JSON.valueToTree(result.structuredContent()));
        }
        if (!other.isEmpty()) {
            data.set("other_content", other);
        }
        return ToolResult.ok(data, List.of());
    }
}
