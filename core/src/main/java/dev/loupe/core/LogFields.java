package dev.loupe.core;

/**
 * The names of the fields Loupe's log lines carry beside their message: context put in SLF4J's MDC
 * for as long as it holds ({@link #REQUEST_ID}, {@link #THREAD_ID}, {@link #NODE}, {@link #TOOL}),
 * and figures attached to one line as key-value pairs ({@link #DURATION_MS}, the token counts).
 * A JSON log line has them as fields of the same names.
 */
public final class LogFields {

    public static final String REQUEST_ID = "request_id";
    public static final String THREAD_ID = "thread_id";
    public static final String NODE = "node";
    public static final String TOOL = "tool";
    public static final String DURATION_MS = "duration_ms";
    public static final String INPUT_TOKENS = "input_tokens";
    public static final String OUTPUT_TOKENS = "output_tokens";

    private LogFields() {
    }
}
