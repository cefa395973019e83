package dev.loupe.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A tool that takes {@code millis} to answer and counts how often it really ran. */
final class SlowTool implements Tool {

    private final String name;
    private final long millis;
    final AtomicInteger runs = new AtomicInteger();

    SlowTool(String name, long millis) {
        this.name = name;
        this.millis = millis;
    }

    @Override
    public ToolDefinition definition() {
        return ToolDefinition.builder(name, "1").description("Answers after a while.")
                .arguments("{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\"}}}").build();
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws Exception {
        runs.incrementAndGet();
        Thread.sleep(millis);
        return ToolResult.ok(JsonNodeFactory.instance.objectNode().put("x", arguments.path("x").asInt()), List.of());
    }
}
