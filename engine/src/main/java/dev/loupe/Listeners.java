package dev.loupe;

import dev.loupe.graph.AnalysisEvent;

import java.util.function.Consumer;

/** Handing events to listeners: a listener's failure must not fail the analysis it listens to. */
final class Listeners {

    private Listeners() {
    }

    /** Delivers to {@code first}, shielded, then to {@code second}, whose failures are its caller's business. */
    static Consumer<AnalysisEvent> both(Consumer<AnalysisEvent> first, Consumer<AnalysisEvent> second) {
        return event -> {
            deliver(first, event);
            second.accept(event);
        };
    }

    static void deliver(Consumer<AnalysisEvent> listener, AnalysisEvent event) {
        try {
            listener.accept(event);
        } catch (RuntimeException ignored) {
            // A broken progress display is no reason to lose the analysis.
        }
    }
}
