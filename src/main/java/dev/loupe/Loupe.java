package dev.loupe;

import dev.loupe.core.Failures;

import dev.loupe.core.LoupeException;

import dev.loupe.graph.AnalysisEvent;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.AnalysisState;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpec;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.PriceTable;
import dev.loupe.tool.ToolRegistry;
import org.bsc.langgraph4j.CompiledGraph;
import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStatus;

import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.function.UnaryOperator;

/**
 * Loupe for embedding: a graph file compiled once, then {@code analyze} as often as you like, from
 * as many threads as you like. Every analysis runs under its own thread id and is checkpointed
 * after every node. One instance serves many concurrent analyses: the compiled graph holds no
 * per-run state (each run's image and listener travel in its own run configuration).
 *
 * <pre>{@code
 * try (Loupe loupe = Loupe.builder().graph("forensic").build()) {
 *     AnalysisResult result = loupe.analyze(Path.of("photo.jpg"));
 *     System.out.println(result.verdict() + " " + result.confidence());
 * }
 * }</pre>
 */
public final class Loupe implements AutoCloseable {

    private final AnalysisGraph graph;
    private final LoupeStore store;
    private final boolean ownsStore;
    private final Threads threads;
    private final ImageLoader loader;
    private final Path outputDir;
    private final Builder settings;
    private final ExecutorService asyncPool;
    private volatile AnalysisGraph fallbackGraph;

    private Loupe(Builder builder, AnalysisGraph graph, LoupeStore store, boolean ownsStore) {
        this.settings = builder;
        this.graph = graph;
        this.store = store;
        this.ownsStore = ownsStore;
        this.loader = new ImageLoader(builder.limits);
        this.threads = new Threads(this);
        this.outputDir = builder.outputDir;
        this.asyncPool = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "loupe-analysis");
            thread.setDaemon(true);
            return thread;
        });
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Analyses the image file at {@code image} under a new thread id. */
    public AnalysisResult analyze(Path image) {
        return analyze(image, AnalysisOptions.defaults());
    }

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

    public AnalysisResult analyze(byte[] image, String name, AnalysisOptions options) {
        return run(loader.load(image, name), options);
    }

    public CompletableFuture<AnalysisResult> analyzeAsync(Path image) {
        return analyzeAsync(image, AnalysisOptions.defaults());
    }

    public CompletableFuture<AnalysisResult> analyzeAsync(Path image, AnalysisOptions options) {
        return CompletableFuture.supplyAsync(() -> analyze(image, options), asyncPool);
    }

    public CompletableFuture<AnalysisResult> analyzeAsync(byte[] image, String name) {
        return analyzeAsync(image, name, AnalysisOptions.defaults());
    }

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

    /** As {@link #analyzeEvents(byte[], String, AnalysisOptions)}, for a file, the analysis running on {@code runner}. */
    public Flow.Publisher<AnalysisEvent> analyzeEvents(Path image, AnalysisOptions options, Executor runner) {
        return new AnalysisPublisher(listener -> analyze(image, options.withListener(Listeners.both(options.listener(), listener))),
                runner, asyncPool);
    }

    /** The compiled graph this instance runs. */
    public AnalysisGraph graph() {
        return graph;
    }

    /** The compiled LangGraph4j graph, for embedding as a node of your own graph. */
    public CompiledGraph<AnalysisState> compiledGraph() {
        return graph.compiled();
    }

    private AnalysisResult run(LoadedImage image, AnalysisOptions options) {
        AnalysisResult result = runWithFallback(image, options);
        Listeners.deliver(options.listener(), AnalysisEvent.finalResult(result));
        return result;
    }

    private AnalysisResult runWithFallback(LoadedImage image, AnalysisOptions options) {
        String threadId = options.threadId() != null ? ThreadClaim.requested(options.threadId()) : UUID.randomUUID().toString();
        store.artifacts().put(image.bytes());
        claim(threadId, image, graph);
        try {
            return record(threadId, () -> runOn(graph, image, threadId, options));
        } catch (LoupeException e) {
            if (e.kind() != LoupeException.Kind.UNAVAILABLE || graph.spec().fallback() == null) {
                throw e;
            }
            // The fallback runs as a thread of its own, so the id it prints names the checkpoints and
            // the model that produced its verdict; the failed thread points to it.
            String fallbackId = threadId + ThreadClaim.FALLBACK_SUFFIX;
            AnalysisGraph fallback = fallback();
            claim(fallbackId, image, fallback);
            store.threads().finishThread(threadId, ThreadStatus.FAILED, null, Json.write(Map.of("error", e.getMessage(),
                    "kind", e.kind().name(), "fallback_thread", fallbackId)));
            return record(fallbackId, () -> runOn(fallback, image, fallbackId, options).withFlag("fallback_used"));
        }
    }

    /** Binds {@code threadId} to this image and {@code target}'s configuration, or refuses when the id is taken. */
    private void claim(String threadId, LoadedImage image, AnalysisGraph target) {
        ThreadClaim.claim(store, ThreadRecord.started(threadId, Instant.now(), target.spec().name(), image.name(),
                image.sha256(), target.spec().model(NodeRole.AGENT).displayName(), Json.write(target.fingerprint())));
    }

    /** Runs {@code analysis} for thread {@code threadId} and records how it ended in the threads table. */
    AnalysisResult record(String threadId, java.util.function.Supplier<AnalysisResult> analysis) {
        try {
            AnalysisResult result = analysis.get();
            store.threads().finishThread(threadId, ThreadStatus.DONE, result.verdict(), result.toJson().toString());
            return result;
        } catch (RuntimeException e) {
            LoupeException error = Failures.unwrap(e);
            store.threads().finishThread(threadId, ThreadStatus.FAILED, null,
                    Json.write(Map.of("error", error.getMessage(), "kind", error.kind().name())));
            throw error;
        }
    }

    AnalysisResult runOn(AnalysisGraph target, LoadedImage image, String threadId, AnalysisOptions options) {
        Path artifacts = outputDir == null ? null : outputDir.resolve(threadId);
        return priced(target.run(org.bsc.langgraph4j.GraphInput.args(AnalysisGraph.input(image, options.prompt())), image,
                threadId, artifacts, options.listener(), store.artifacts()::put), target.spec());
    }

    /** The result with its cost from the price table, by the models the graph ran. */
    AnalysisResult priced(AnalysisResult result, dev.loupe.graph.GraphSpec spec) {
        Map<String, String> configured = new java.util.HashMap<>();
        for (NodeRole role : NodeRole.values()) {
            configured.put(role.id(), spec.model(role).displayName());
        }
        return result.withCost(settings.prices.costs(result.tokenUsage(), result.models(), configured));
    }

    /** The thread store: list, inspect, replay, fork, resume and delete past analyses. */
    public Threads threads() {
        return threads;
    }

    LoupeStore store() {
        return store;
    }

    /** The checkpoint saver analyses are written to, for tools that read checkpoints directly. */
    public org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver checkpointSaver() {
        return store.saver();
    }

    ImageLoader loader() {
        return loader;
    }

    Builder settings() {
        return settings;
    }

    private AnalysisGraph fallback() {
        AnalysisGraph result = fallbackGraph;
        if (result == null) {
            synchronized (this) {
                if (fallbackGraph == null) {
                    String provider = graph.spec().fallback();
                    Map<NodeRole, ModelSpec> models = new EnumMap<>(NodeRole.class);
                    for (NodeRole role : NodeRole.values()) {
                        models.put(role, ModelSpec.offline().withProvider(provider).withName(provider));
                    }
                    fallbackGraph = AnalysisGraph.build(graph.spec().withModels(models).withFallback(null), settings.files(),
                            settings.providers, settings.tools, store.saver());
                }
                result = fallbackGraph;
            }
        }
        return result;
    }

    @Override
    public void close() {
        graph.close();
        if (ownsStore) {
            store.close();
        }
        if (fallbackGraph != null) {
            fallbackGraph.close();
        }
        asyncPool.shutdownNow();
    }

    /** How a {@link Loupe} is put together; every setting has a working default. */
    public static final class Builder {
        private Path home = Path.of("");
        private String graphName = "forensic";
        private GraphSpec spec;
        private final Map<NodeRole, ModelSpec> models = new EnumMap<>(NodeRole.class);
        private Integer maxIterations;
        private Boolean useTools;
        private Path outputDir;
        private StoreLocation storeLocation;
        private LoupeStore sharedStore;
        private ImageLimits limits = ImageLimits.defaults();
        private ToolRegistry tools;
        private ModelProviders providers;
        private PriceTable prices;
        private UnaryOperator<GraphSpec> adjustment = UnaryOperator.identity();

        private Builder() {
        }

        /** The folder holding {@code graphs/} and {@code prompts/}; the bundled copies are used when it has none. */
        public Builder home(Path value) {
            this.home = Objects.requireNonNull(value);
            return this;
        }

        /** The graph to run, by name ({@code forensic}), from {@code graphs/<name>.yaml}. */
        public Builder graph(String name) {
            this.graphName = Objects.requireNonNull(name);
            return this;
        }

        /** A graph given as a spec rather than a file name. */
        public Builder graph(GraphSpec value) {
            this.spec = value;
            return this;
        }

        /** The same model for every node. */
        public Builder model(ModelSpec value) {
            for (NodeRole role : NodeRole.values()) {
                models.put(role, value);
            }
            return this;
        }

        public Builder model(NodeRole role, ModelSpec value) {
            models.put(role, value);
            return this;
        }

        public Builder maxIterations(int value) {
            this.maxIterations = value;
            return this;
        }

        public Builder useTools(boolean value) {
            this.useTools = value;
            return this;
        }

        /** Where tools write pictures: one sub-folder per thread. None when unset. */
        public Builder outputDir(Path value) {
            this.outputDir = value;
            return this;
        }

        /**
         * Where threads are kept: a SQLite file, PostgreSQL, or {@code memory} (the default for the
         * library: nothing persisted). The store is opened by {@link #build()} and closed with the
         * instance.
         */
        public Builder store(StoreLocation value) {
            this.storeLocation = value;
            return this;
        }

        /** An already open store, shared with other instances; the caller closes it. */
        public Builder store(LoupeStore value) {
            this.sharedStore = value;
            return this;
        }

        public Builder imageLimits(ImageLimits value) {
            this.limits = Objects.requireNonNull(value);
            return this;
        }

        /** The tools graphs may use; those on the class path when unset. */
        public Builder tools(ToolRegistry value) {
            this.tools = value;
            return this;
        }

        /** The model providers; those on the class path when unset. */
        public Builder providers(ModelProviders value) {
            this.providers = value;
            return this;
        }

        /** What tokens cost, for {@code cost_usd}; the bundled {@code graphs/prices.yaml} when unset. */
        public Builder prices(PriceTable value) {
            this.prices = value;
            return this;
        }

        /** A change applied to the graph file after the builder's own settings (the CLI's model flags, say). */
        public Builder adjust(UnaryOperator<GraphSpec> value) {
            this.adjustment = Objects.requireNonNull(value);
            return this;
        }

        GraphFiles files() {
            return GraphFiles.preferring(home, graphName);
        }

        /** The graph file with this builder's settings applied. */
        public GraphSpec resolveSpec() {
            GraphSpec resolved = spec != null ? spec : GraphSpecParser.load(files(), graphName);
            if (!models.isEmpty()) {
                Map<NodeRole, ModelSpec> merged = new EnumMap<>(resolved.models());
                merged.putAll(models);
                resolved = resolved.withModels(merged);
            }
            if (maxIterations != null) {
                resolved = resolved.withMaxIterations(maxIterations);
            }
            if (useTools != null) {
                resolved = resolved.withUseTools(useTools);
            }
            return adjustment.apply(resolved);
        }

        ToolRegistry tools() {
            return tools;
        }

        ModelProviders providers() {
            return providers;
        }

        public Loupe build() {
            tools = tools != null ? tools : ToolRegistry.discover();
            providers = providers != null ? providers : ModelProviders.discover();
            prices = prices != null ? prices : PriceTable.bundled();
            GraphSpec resolved = resolveSpec();
            boolean owns = sharedStore == null;
            LoupeStore store = owns
                    ? LoupeStore.open(storeLocation != null ? storeLocation : StoreLocation.parse("memory"), AnalysisGraph.serializer())
                    : sharedStore;
            try {
                return new Loupe(this, AnalysisGraph.build(resolved, files(), providers, tools, store.saver()), store, owns);
            } catch (RuntimeException e) {
                if (owns) {
                    store.close();
                }
                throw e;
            }
        }
    }
}
