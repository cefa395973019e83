package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real tool behind a gate: each run says it has started, then waits until the test opens the
 * gate — so a test can hold an analysis in flight for as long as it needs, without sleeping.
 */
final class GatedTool implements Tool {

    private final Tool inner;
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch gate = new CountDownLatch(1);

    GatedTool(Tool inner) {
        this.inner = inner;
    }

    @Override
    public ToolDefinition definition() {
        return inner.definition();
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws Exception {
        started.countDown();
        if (!gate.await(50, TimeUnit.SECONDS)) {
            return ToolResult.error("the test never opened the gate");
        }
        return inner.run(context, arguments);
    }
}
