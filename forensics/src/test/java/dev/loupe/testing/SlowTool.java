package dev.loupe.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.Finding;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A test tool that takes its time, so a test can kill a process in the middle of an analysis:
 * it touches the file named by {@code LOUPE_SLOW_MARKER} when it starts, then sleeps for
 * {@code LOUPE_SLOW_MILLIS} (default 0). Its result depends only on the image, as a tool's must.
 * Listed in the test class path's service file, so only tests' graphs can name it.
 */
public final class SlowTool implements Tool {

    @Override
    public ToolDefinition definition() {
        return ToolDefinition.builder("slow", "1").description("Counts the image's bytes, slowly.").arguments("{\"type\":\"object\"}").build();
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws Exception {
        String marker = System.getenv("LOUPE_SLOW_MARKER");
        if (marker != null) {
            Files.writeString(Path.of(marker), "started");
        }
        String millis = System.getenv("LOUPE_SLOW_MILLIS");
        if (millis != null) {
            Thread.sleep(Long.parseLong(millis));
        }
        int bytes = context.image().bytes().length;
        return ToolResult.ok(JsonNodeFactory.instance.objectNode().put("bytes", bytes),
                List.of(new Finding("slow_counted", "the file has " + bytes + " bytes")));
    }
}
