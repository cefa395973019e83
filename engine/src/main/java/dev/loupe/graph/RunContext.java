package dev.loupe.graph;

import dev.loupe.core.LoupeException;
import dev.loupe.image.LoadedImage;
import dev.loupe.trace.RunTrace;
import org.bsc.langgraph4j.RunnableConfig;

import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What one analysis needs besides its state and that must not be checkpointed: the image's bytes,
 * where artefacts go, who listens for events. It travels in the {@link RunnableConfig}'s metadata,
 * which LangGraph4j hands to every node, the agent subgraph's included, and never saves.
 *
 * @param image       the image under analysis, or null when the run has none (a prompt-only agent run)
 * @param artifactDir where tools write pictures, or null for none
 * @param listener    receives the run's events; never null
 * @param artifactSink stores a picture's bytes once and returns their SHA-256, or null to keep none
 * @param threadId    the analysis' thread id (tools that keep per-thread caches use it), or null
 * @param trace       the run's trace, which the nodes make current again; {@link RunTrace#NONE} for none
 */
public record RunContext(LoadedImage image, Path artifactDir, Consumer<AnalysisEvent> listener,
                         Function<byte[], String> artifactSink, String threadId, RunTrace trace) {

    static final String METADATA_KEY = "loupe.run";

    public RunContext {
        listener = listener == null ? event -> { } : listener;
        trace = trace == null ? RunTrace.NONE : trace;
    }

    public RunContext(LoadedImage image, Path artifactDir, Consumer<AnalysisEvent> listener,
                      Function<byte[], String> artifactSink, String threadId) {
        this(image, artifactDir, listener, artifactSink, threadId, RunTrace.NONE);
    }

    public RunContext(LoadedImage image, Path artifactDir, Consumer<AnalysisEvent> listener) {
        this(image, artifactDir, listener, null, null);
    }

    public RunContext(LoadedImage image, Path artifactDir, Consumer<AnalysisEvent> listener,
                      Function<byte[], String> artifactSink) {
        this(image, artifactDir, listener, artifactSink, null);
    }

    /** This context for the analysis under {@code id}. */
    RunContext forThread(String id) {
        return new RunContext(image, artifactDir, listener, artifactSink, id, trace);
    }

    public static RunContext of(RunnableConfig config) {
        return config.metadata(METADATA_KEY)
                .filter(RunContext.class::isInstance)
                .map(RunContext.class::cast)
                .orElseThrow(() -> new LoupeException(LoupeException.Kind.INTERNAL,
                        "a Loupe graph was invoked without its run context; use Loupe.analyze or AnalysisGraph.runConfig"));
    }

    void emit(String type, String node, java.util.Map<String, Object> detail) {
        try {
            listener.accept(new AnalysisEvent(type, node, detail));
        } catch (RuntimeException ignored) {
            // A listener's failure must not fail the analysis it listens to.
        }
    }
}
