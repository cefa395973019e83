package dev.loupe;

import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.conversation.AgentStep;
import dev.loupe.conversation.AgentSteps;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisEvent;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.AnalysisState;
import dev.loupe.graph.GraphCompiler;
import dev.loupe.graph.RunFlag;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import io.micrometer.core.instrument.MeterRegistry;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.GraphInput;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;

/**
 * Loupe for embedding: a graph file compiled once, then {@code analyze} as often as you like, from
 * as many threads as you like. Every analysis runs under its own thread id, bound to its image and
 * configuration, and is checkpointed after every node. One instance serves many concurrent analyses:
 * the compiled graph holds no per-run state (each run's image and listener travel in its own run
 * configuration).
 *
 * <pre>{@code
 * try (Loupe loupe = Loupe.builder().graph("forensic").build()) {
 *     AnalysisResult result = loupe.analyze(Path.of("photo.jpg"));
 *     ForensicVerdict verdict = ForensicVerdict.of(result.output());
 *     System.out.println(verdict.verdict() + " " + verdict.confidence());
 * }
 * }</pre>
 */
public final class Loupe implements AutoCloseable {

    private final GraphCompiler compiler;
    private final AnalysisGraph graph;
    private final RecordedRuns runs;
    private final boolean ownsStore;
    private final ImageLoader loader;
    private final Threads threads;
    private final ExecutorService asyncPool;
    private final PromptRuns prompts;
    private final Chats chats;
    private volatile AnalysisGraph fallbackGraph;

    Loupe(GraphCompiler compiler, AnalysisGraph graph, RecordedRuns runs, boolean ownsStore, ImageLoader loader) {
        this.compiler = compiler;
        this.graph = graph;
        this.runs = runs;
        this.ownsStore = ownsStore;
        this.loader = loader;
        this.threads = new Threads(compiler, graph, runs, loader);
        this.prompts = new PromptRuns(compiler, graph.spec(), runs, loader);
        this.chats = new Chats(compiler, graph, runs, loader);
        this.asyncPool = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "loupe-analysis");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** A builder with working defaults: the forensic graph, offline models, threads kept in memory. */
    public static LoupeBuilder builder() {
        return new LoupeBuilder();
    }

    /** Analyses the image file at {@code image} under a new thread id. */
    public AnalysisResult analyze(Path image) {
        return analyze(image, AnalysisOptions.defaults());
    }

    /**
     * Analyses the image file at {@code image}; {@code options} name the thread and the listener.
     *
     * @throws LoupeException {@code BAD_INPUT} when the file is missing, too large or not an image,
     *                        {@code UNAVAILABLE} when a model stays unreachable and no fallback is set
     */
    public AnalysisResult analyze(Path image, AnalysisOptions options) {
        return run(loader.load(image), options);
    }

    /** Analyses an image that has already passed {@link ImageLoader}'s checks. */
    public AnalysisResult analyze(LoadedImage image, AnalysisOptions options) {
        return run(image, options);
    }

    /** Analyses an image handed over as bytes (an upload, say); {@code name} is used in messages. */
    public AnalysisResult analyze(byte[] image, String name) {
        return analyze(image, name, AnalysisOptions.defaults());
    }

    /** As {@link #analyze(Path, AnalysisOptions)}, for an image handed over as bytes. */
    public AnalysisResult analyze(byte[] image, String name, AnalysisOptions options) {
        return run(loader.load(image, name), options);
    }

    /** {@link #analyze(Path)} on this instance's pool; the future fails with the same {@link LoupeException}. */
    public CompletableFuture<AnalysisResult> analyzeAsync(Path image) {
        return analyzeAsync(image, AnalysisOptions.defaults());
    }

    /** {@link #analyze(Path, AnalysisOptions)} on this instance's pool. */
    public CompletableFuture<AnalysisResult> analyzeAsync(Path image, AnalysisOptions options) {
        return CompletableFuture.supplyAsync(() -> analyze(image, options), asyncPool);
    }

    /** {@link #analyze(byte[], String)} on this instance's pool. */
    public CompletableFuture<AnalysisResult> analyzeAsync(byte[] image, String name) {
        return analyzeAsync(image, name, AnalysisOptions.defaults());
    }

    /** {@link #analyze(byte[], String, AnalysisOptions)} on this instance's pool. */
    public CompletableFuture<AnalysisResult> analyzeAsync(byte[] image, String name, AnalysisOptions options) {
        return CompletableFuture.supplyAsync(() -> analyze(image, name, options), asyncPool);
    }

    /**
     * The analysis of {@code image} as a publisher of its events, for streaming progress: it starts
     * when subscribed to (once), runs on this instance's pool, and ends with a {@code final} event
     * holding the result, then {@code onComplete}; a failure ends it with {@code onError}
     * carrying a {@link LoupeException}. The options' own listener is called as well.
     */
    public Flow.Publisher<AnalysisEvent> analyzeEvents(byte[] image, String name, AnalysisOptions options) {
        return analyzeEvents(image, name, options, asyncPool);
    }

    /** As {@link #analyzeEvents(byte[], String, AnalysisOptions)}, the analysis running on {@code runner}. */
    public Flow.Publisher<AnalysisEvent> analyzeEvents(byte[] image, String name, AnalysisOptions options, Executor runner) {
        return new AnalysisPublisher(listener -> analyze(image, name, options.withListener(Listeners.both(options.listener(), listener))),
                runner, asyncPool);
    }

    /**
     * As {@link #analyzeEvents(byte[], String, AnalysisOptions)}, for an image that has already
     * passed {@link ImageLoader}'s checks (a server reads uploads with its own limits): it is not read
     * or checked again. The analysis runs on {@code runner}.
     */
    public Flow.Publisher<AnalysisEvent> analyzeEvents(LoadedImage image, AnalysisOptions options, Executor runner) {
        return new AnalysisPublisher(listener -> analyze(image, options.withListener(Listeners.both(options.listener(), listener))),
                runner, asyncPool);
    }

    /** As {@link #analyzeEvents(byte[], String, AnalysisOptions)}, for a file, the analysis running on {@code runner}. */
    public Flow.Publisher<AnalysisEvent> analyzeEvents(Path image, AnalysisOptions options, Executor runner) {
        return new AnalysisPublisher(listener -> analyze(image, options.withListener(Listeners.both(options.listener(), listener))),
                runner, asyncPool);
    }

    /**
     * Runs {@code prompt} as the task of this graph's agent (the {@code agent} graph: any task) with
     * the options' image, tools and schema, under a new thread; the result's output follows the schema.
     *
     * @throws LoupeException BAD_INPUT when the graph's agent is the offline provider with no policy,
     *                        an unknown tool, or a missing schema file
     */
    public AnalysisResult run(String prompt, PromptOptions options) {
        return prompts.run(prompt, options);
    }

    /** Multi-turn conversations with this graph, one thread each. */
    public Chats chats() {
        return chats;
    }

    /** The steps (thought, tool calls with observations, tokens) of thread {@code threadId}'s agent. */
    public List<AgentStep> steps(String threadId) {
        return runs.store().saver().get(RunnableConfig.builder().threadId(threadId).build())
                .map(checkpoint -> AgentSteps.of(new AnalysisState(checkpoint.getState())))
                .orElseThrow(() -> LoupeException.badInput("no checkpoints for thread " + threadId + " (see 'loupe threads list')"));
    }

    /** The compiled graph this instance runs. */
    public AnalysisGraph graph() {
        return graph;
    }

    /** The compiled LangGraph4j graph, for embedding as a node of your own graph. */
    public CompiledGraph<AnalysisState> compiledGraph() {
        return graph.compiled();
    }

    /** The thread store: list, inspect, replay, fork, resume and delete past analyses. */
    public Threads threads() {
        return threads;
    }

    /** The registry every run's meters go to: the one given to the builder, or this instance's own. */
    public MeterRegistry meterRegistry() {
        return runs.meterRegistry();
    }

    /** The checkpoint saver analyses are written to, for tools that read checkpoints directly. */
    public BaseCheckpointSaver checkpointSaver() {
        return runs.store().saver();
    }

    dev.loupe.checkpoint.LoupeStore store() {
        return runs.store();
    }

    private AnalysisResult run(LoadedImage image, AnalysisOptions options) {
        PromptRuns.requireModel(graph.spec());
        AnalysisResult result = runWithFallback(image, options);
        Listeners.deliver(options.listener(), AnalysisEvent.finalResult(result));
        return result;
    }

    private AnalysisResult runWithFallback(LoadedImage image, AnalysisOptions options) {
        String threadId = options.threadId() != null ? ThreadClaim.requested(options.threadId()) : UUID.randomUUID().toString();
        runs.store().artifacts().put(image.bytes(), image.sha256());
        runs.claim(threadId, image, graph, graph.fingerprint());
        GraphInput input = GraphInput.args(AnalysisGraph.input(image, options.question()));
        try {
            return runs.record(threadId, () -> runs.run(graph, input, image, threadId, options.listener()));
        } catch (LoupeException e) {
            if (e.kind() != LoupeException.Kind.UNAVAILABLE || graph.spec().fallback() == null) {
                throw e;
            }
            // The fallback runs as a thread of its own, so the id it prints names the checkpoints and
            // the model that produced its verdict; the failed thread points to it.
            String fallbackId = threadId + ThreadClaim.FALLBACK_SUFFIX;
            AnalysisGraph fallback = fallback();
            runs.claim(fallbackId, image, fallback, fallback.fingerprint());
            runs.failed(threadId, e, Map.of("fallback_thread", fallbackId));
            return runs.record(fallbackId, () -> runs.run(fallback, input, image, fallbackId, options.listener())
                    .withFlag(RunFlag.FALLBACK_USED));
        }
    }

    private AnalysisGraph fallback() {
        AnalysisGraph result = fallbackGraph;
        if (result == null) {
            synchronized (this) {
                if (fallbackGraph == null) {
                    fallbackGraph = compiler.compile(graph.spec().fallingBackTo(graph.spec().fallback()));
                }
                result = fallbackGraph;
            }
        }
        return result;
    }

    /**
     * Releases the compiled graph, the tool pool, the tools' resources (its knowledge base), and the
     * store when this instance opened it; an
     * application holds one {@code Loupe} for its lifetime and closes it on shutdown.
     */
    @Override
    public void close() {
        graph.close();
        if (ownsStore) {
            runs.store().close();
        }
        if (fallbackGraph != null) {
            fallbackGraph.close();
        }
        chats.close();
        asyncPool.shutdownNow();
        compiler.resources().close();
    }
}
