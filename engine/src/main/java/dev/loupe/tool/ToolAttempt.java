package dev.loupe.tool;

/**
 * One attempt at a tool call, as {@code tool_details} records it when a call was retried.
 *
 * @param number  1 for the first attempt
 * @param status  the attempt's {@link ToolStatus} wire name
 * @param error   what went wrong, or null
 * @param seconds how long the attempt took
 */
public record ToolAttempt(int number, String status, String error, double seconds) {
}
