package dev.loupe;

import dev.loupe.graph.AnalysisEvent;

import java.util.function.Consumer;

/**
 * Per-analysis choices.
 *
 * @param threadId the thread to run under, or null for a new random one
 * @param listener receives the analysis' events (node start and end, tool calls and results)
 */
public record AnalysisOptions(String threadId, Consumer<AnalysisEvent> listener) {

    public AnalysisOptions {
        listener = listener == null ? event -> { } : listener;
    }

    /** A new random thread id, no listener. */
    public static AnalysisOptions defaults() {
        return new AnalysisOptions(null, null);
    }

    /** Run under {@code threadId}, so the caller can find the thread again by its own key. */
    public static AnalysisOptions threadId(String threadId) {
        return new AnalysisOptions(threadId, null);
    }

    /** These options with {@code value} receiving the analysis' events, on the analysis' thread. */
    public AnalysisOptions withListener(Consumer<AnalysisEvent> value) {
        return new AnalysisOptions(threadId, value);
    }
}
