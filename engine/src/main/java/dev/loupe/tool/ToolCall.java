package dev.loupe.tool;

/**
 * One call a model asked for.
 *
 * @param id        the model's id for the call, echoed in the result message
 * @param name      the tool's name as the model wrote it
 * @param arguments the arguments as the model wrote them (JSON text, possibly malformed)
 */
public record ToolCall(String id, String name, String arguments) {
}
