package dev.loupe.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LogSecrets;

import java.time.Instant;

/**
 * One step of a run: a node, a model call or a tool call, as a line of a thread's trace. Every text
 * passes {@link LogSecrets#redact} here, once, so a trace file and a span mask exactly what a log line
 * masks; long texts are cut, since a trace says what happened, not everything that was said.
 *
 * @param threadId     the thread the step belongs to
 * @param step         {@link #NODE}, {@link #MODEL} or {@link #TOOL}
 * @param node         the graph node it ran in ({@code vision}, {@code call_model}, {@code run_tools} …)
 * @param tool         the tool's name, for a tool call
 * @param callId       the model's id for the tool call, for a tool call
 * @param model        the model that answered (as the server reported it), for a node or model call that used one
 * @param arguments    the tool call's arguments as JSON text, or null
 * @param result       a summary of what came back: a reply's first words, a tool's status and findings
 * @param status       {@code ok}, {@code error}, or a tool's own status ({@code not_applicable} …)
 * @param error        what went wrong, or null
 * @param inputTokens  prompt tokens, or null when the step called no model
 * @param outputTokens completion tokens, or null when the step called no model
 * @param seconds      how long it took, or null when not recorded
 * @param start        when it began, or null when not recorded
 * @param end          when it ended, or null when not recorded
 */
public record TraceStep(String threadId, String step, String node, String tool, String callId, String model,
                        String arguments, String result, String status, String error, Long inputTokens, Long outputTokens,
                        Double seconds, Instant start, Instant end) {

    public static final String NODE = "node";
    public static final String MODEL = "model";
    public static final String TOOL = "tool";

    static final int MAX_ARGUMENTS = 2000;
    static final int MAX_RESULT = 400;
    private static final ObjectMapper JSON = new ObjectMapper();

    public TraceStep {
        arguments = masked(arguments, MAX_ARGUMENTS);
        result = masked(result, MAX_RESULT);
        error = masked(error, MAX_RESULT);
        model = masked(model, MAX_RESULT);
    }

    /** The step as one JSON object, fields without a value left out. */
    public ObjectNode toJson() {
        ObjectNode line = JSON.createObjectNode();
        put(line, "thread_id", threadId);
        put(line, "step", step);
        put(line, "node", node);
        put(line, "tool", tool);
        put(line, "call_id", callId);
        put(line, "model", model);
        put(line, "arguments", arguments);
        put(line, "result", result);
        put(line, "status", status);
        put(line, "error", error);
        if (inputTokens != null) {
            line.put("input_tokens", inputTokens);
        }
        if (outputTokens != null) {
            line.put("output_tokens", outputTokens);
        }
        if (seconds != null) {
            line.put("seconds", Math.round(seconds * 1_000_000) / 1_000_000.0);
        }
        put(line, "start", start == null ? null : start.toString());
        put(line, "end", end == null ? null : end.toString());
        return line;
    }

    private static void put(ObjectNode line, String key, String value) {
        if (value != null) {
            line.put(key, value);
        }
    }

    private static String masked(String text, int max) {
        if (text == null) {
            return null;
        }
        String redacted = LogSecrets.redact(text);
        return redacted.length() <= max ? redacted : redacted.substring(0, max) + "…";
    }
}
