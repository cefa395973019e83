package dev.loupe.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A tool that only succeeds when its partner runs at the same time: both wait on one barrier. Run
 * one after the other, the first times out and reports an error — so success proves parallelism.
 */
final class BarrierTool implements Tool {

    private final String name;
    private final CyclicBarrier barrier;

    BarrierTool(String name, CyclicBarrier barrier) {
        this.name = name;
        this.barrier = barrier;
    }

    @Override
    public ToolDefinition definition() {
        return ToolDefinition.builder(name, "1").description("Waits for its partner tool.").arguments("{\"type\":\"object\"}").build();
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws Exception {
        try {
            barrier.await(5, TimeUnit.SECONDS);
            return ToolResult.ok(JsonNodeFactory.instance.objectNode().put("met", true), List.of());
        } catch (TimeoutException e) {
            return ToolResult.error("partner never arrived: the calls ran one after the other");
        }
    }
}
