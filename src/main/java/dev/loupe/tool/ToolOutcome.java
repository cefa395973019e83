package dev.loupe.tool;

/**
 * What one {@link ToolCall} produced: the result the model will read, and how long it took.
 *
 * @param call    the call
 * @param result  the tool's result, or an error result when the call could not run
 * @param seconds wall-clock time of the run (zero when answered from an earlier identical call)
 * @param cached  whether the result was reused from an identical earlier call
 */
public record ToolOutcome(ToolCall call, ToolResult result, double seconds, boolean cached) {

    public boolean failed() {
        return result.status() == ToolStatus.ERROR;
    }
}
