package dev.loupe;

import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.graph.AnalysisEvent;

import java.util.function.Consumer;

/**
 * Per-analysis choices.
 *
 * @param threadId the thread to run under, or null for a new random one: a name by
 *                 {@link dev.loupe.core.SafeName}'s rule, refused here otherwise
 *                 ({@link dev.loupe.core.LoupeException.Kind#BAD_INPUT}); an id that already names an
 *                 analysis is refused when the analysis starts ({@link dev.loupe.core.LoupeException.Kind#CONFLICT})
 * @param listener receives the analysis' events (node start and end, tool calls and results)
 * @param question the user's own question or instruction, which every graph's prompts can take
 *                 ({@code {{question}}}); null for none
 */
public record AnalysisOptions(String threadId, Consumer<AnalysisEvent> listener, String question) {

    public AnalysisOptions {
        threadId = threadId == null ? null : ThreadClaim.requested(threadId);
        listener = listener == null ? event -> { } : listener;
    }

    /** A new random thread id, no listener. */
    public static AnalysisOptions defaults() {
        return new AnalysisOptions(null, null, null);
    }

    /** Run under {@code threadId}, so the caller can find the thread again by its own key. */
    public static AnalysisOptions threadId(String threadId) {
        return new AnalysisOptions(threadId, null, null);
    }

    /** These options with {@code value} receiving the analysis' events, on the analysis' thread. */
    public AnalysisOptions withListener(Consumer<AnalysisEvent> value) {
        return new AnalysisOptions(threadId, value, question);
    }

    public AnalysisOptions withThreadId(String value) {
        return new AnalysisOptions(value, listener, question);
    }

    public AnalysisOptions withQuestion(String value) {
        return new AnalysisOptions(threadId, listener, value);
    }
}
