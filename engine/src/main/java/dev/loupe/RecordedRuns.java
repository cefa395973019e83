package dev.loupe;

import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStatus;
import dev.loupe.checkpoint.ThreadStore;
import dev.loupe.core.Failures;
import dev.loupe.core.LogContext;
import dev.loupe.core.LogFields;
import dev.loupe.core.LoupeException;
import dev.loupe.core.SafeName;
import dev.loupe.graph.AnalysisEvent;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.model.NodeRole;
import dev.loupe.model.PriceTable;
import dev.loupe.model.Tokens;
import dev.loupe.trace.RunTrace;
import dev.loupe.trace.StepSink;
import dev.loupe.trace.Telemetry;
import dev.loupe.trace.TraceFiles;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.context.Scope;
import org.bsc.langgraph4j.GraphInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs of a compiled graph as threads of the store: claimed for their image and configuration before
 * they start, priced when they end, and recorded as done or failed. What {@link Loupe} and
 * {@link Threads} both do to run a graph, written once.
 */
final class RecordedRuns {

    private static final Logger LOG = LoggerFactory.getLogger(RecordedRuns.class);

    private final LoupeStore store;
    private final PriceTable prices;
    private final Path outputDir;
    private final Telemetry telemetry;
    private final TraceFiles traces;

    RecordedRuns(LoupeStore store, PriceTable prices, Path outputDir) {
        this(store, prices, outputDir, Telemetry.noop(), null);
    }

    /** As {@link #RecordedRuns(LoupeStore, PriceTable, Path)}, tracing every run through {@code telemetry} and into {@code traces} (null for no files). */
    RecordedRuns(LoupeStore store, PriceTable prices, Path outputDir, Telemetry telemetry, TraceFiles traces) {
        this.store = store;
        this.prices = prices;
        this.outputDir = outputDir;
        this.telemetry = telemetry;
        this.traces = traces;
    }

    LoupeStore store() {
        return store;
    }

    /**
     * The image {@code thread} ran on, read back from the artefact store by its hash; null for a run
     * without one. {@code kind} names the thread in the refusal when the image is gone.
     */
    LoadedImage storedImage(ThreadRecord thread, ImageLoader loader, String kind) {
        if (thread.imageSha256() == null) {
            return null;
        }
        byte[] bytes = store.artifacts().get(thread.imageSha256())
                .orElseThrow(() -> LoupeException.badInput("the image of " + kind + " " + thread.id()
                        + " is no longer in the artefact store"));
        return loader.load(bytes, thread.imageName() == null ? "image" : thread.imageName());
    }

    MeterRegistry meterRegistry() {
        return telemetry.meterRegistry();
    }

    /**
     * Binds {@code threadId} to this image (null for a run without one) and {@code graph}'s
     * configuration, or refuses when the id is taken.
     */
    void claim(String threadId, LoadedImage image, AnalysisGraph graph, Map<String, Object> fingerprint) {
        ThreadClaim.claim(store, ThreadRecord.started(threadId, Instant.now(), graph.spec().name(),
                image == null ? null : image.name(), image == null ? null : image.sha256(),
                graph.spec().model(NodeRole.AGENT).displayName(), Json.write(fingerprint)));
    }

    /**
     * Runs {@code graph} from {@code input} for thread {@code threadId}, writing tool pictures in the
     * thread's folder directly inside the output folder; an id that would lead anywhere else is refused
     * before anything runs, however it got here.
     */
    AnalysisResult run(AnalysisGraph graph, GraphInput input, LoadedImage image, String threadId,
                       Consumer<AnalysisEvent> listener) {
        Path artifacts = outputDir == null ? null : SafeName.inside(outputDir, threadId);
        // A conversation's later turns are checkpointed apart, but they are steps of the one thread.
        String owner = ThreadStore.ownerOf(threadId);
        StepSink steps = traces == null ? StepSink.NONE : traces.sink(owner);
        RunTrace trace = RunTrace.start(telemetry, steps, owner, MDC.get(LogFields.REQUEST_ID), graph.spec().name());
        try (Scope active = trace.activate()) {
            AnalysisResult result = graph.run(input, image, threadId, artifacts, listener, store.artifacts()::put);
            trace.done(result.label());
            return result.withCost(prices.costs(result.tokenUsage(), result.models(), configuredModels(graph)));
        } catch (RuntimeException e) {
            trace.failed(e);
            throw e;
        }
    }

    /** Runs {@code analysis} for thread {@code threadId} and records how it ended in the threads table. */
    AnalysisResult record(String threadId, Supplier<AnalysisResult> analysis) {
        long start = System.nanoTime();
        try (LogContext.Scope thread = LogContext.with(LogFields.THREAD_ID, threadId)) {
            try {
                AnalysisResult result = analysis.get();
                store.threads().finishThread(threadId, ThreadStatus.DONE, result.label(), result.toJson().toString());
                Tokens tokens = result.tokenUsage().total();
                LOG.atInfo().addKeyValue(LogFields.DURATION_MS, (System.nanoTime() - start) / 1_000_000)
                        .addKeyValue(LogFields.INPUT_TOKENS, tokens.input()).addKeyValue(LogFields.OUTPUT_TOKENS, tokens.output())
                        .log("thread {} done: {}", threadId, result.label());
                return result;
            } catch (RuntimeException e) {
                LoupeException error = Failures.unwrap(e);
                failed(threadId, error, Map.of());
                // Info, not warn: the command or route reports the failure to the user, once.
                LOG.atInfo().addKeyValue(LogFields.DURATION_MS, (System.nanoTime() - start) / 1_000_000)
                        .addKeyValue("kind", error.kind().name()).log("thread {} failed: {}", threadId, error.getMessage());
                throw error;
            }
        }
    }

    /** Records that {@code threadId} failed with {@code error}, with more to say in {@code extra}. */
    void failed(String threadId, LoupeException error, Map<String, Object> extra) {
        Map<String, Object> stored = new HashMap<>(extra);
        stored.put("error", error.getMessage());
        stored.put("kind", error.kind().name());
        store.threads().finishThread(threadId, ThreadStatus.FAILED, null, Json.write(stored));
    }

    private static Map<NodeRole, String> configuredModels(AnalysisGraph graph) {
        Map<NodeRole, String> configured = new EnumMap<>(NodeRole.class);
        for (NodeRole role : NodeRole.values()) {
            configured.put(role, graph.spec().model(role).displayName());
        }
        return configured;
    }
}
