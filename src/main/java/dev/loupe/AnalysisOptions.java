package dev.loupe;

import dev.loupe.graph.AnalysisEvent;

import java.util.function.Consumer;

/**
 * Per-analysis choices.
 *
 * @param threadId the thread to run under, or null for a new random one
 * @param listener receives the analysis' events (node start and end, tool calls and results)
 * @param prompt   the user's request in words, filled into prompts as {@code {{request}}}; null for none
 */
public record AnalysisOptions(String threadId, Consumer<AnalysisEvent> listener, String prompt) {

    public AnalysisOptions {
        listener = listener == null ? event -> { } : listener;
    }

    public AnalysisOptions(String threadId, Consumer<AnalysisEvent> listener) {
        this(threadId, listener, null);
    }

    public static AnalysisOptions defaults() {
        return new AnalysisOptions(null, null);
    }

    public static AnalysisOptions threadId(String threadId) {
        return new AnalysisOptions(threadId, null);
    }

    public AnalysisOptions withPrompt(String value) {
        return new AnalysisOptions(threadId, listener, value);
    }

    public AnalysisOptions withListener(Consumer<AnalysisEvent> value) {
        return new AnalysisOptions(threadId, value, prompt);
    }
}
