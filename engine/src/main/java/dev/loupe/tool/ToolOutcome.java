package dev.loupe.tool;

import java.util.List;

/**
 * What one {@link ToolCall} produced: the result the model will read, and how long it took.
 *
 * @param call     the call
 * @param result   the tool's result, or an error result when the call could not run
 * @param seconds  wall-clock time of the run, every attempt included (zero when answered from an
 *                 earlier identical call)
 * @param cached   whether the result was reused from an identical earlier call
 * @param attempts every attempt, in order, when the call was tried more than once; empty otherwise
 */
public record ToolOutcome(ToolCall call, ToolResult result, double seconds, boolean cached, List<ToolAttempt> attempts) {

    public ToolOutcome {
        attempts = attempts == null ? List.of() : List.copyOf(attempts);
    }

    public ToolOutcome(ToolCall call, ToolResult result, double seconds, boolean cached) {
        this(call, result, seconds, cached, List.of());
    }

    public boolean failed() {
        return result.status() == ToolStatus.ERROR;
    }
}
