package dev.loupe;

import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.core.LoupeException;
import dev.loupe.core.StartupMarks;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.DecodeAhead;
import dev.loupe.graph.GraphCatalog;
import dev.loupe.graph.GraphCompiler;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphLocation;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.graph.GraphSpec;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.PriceTable;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.StoreResource;
import dev.loupe.tool.ToolResources;
import dev.loupe.trace.Telemetry;
import dev.loupe.trace.TraceFiles;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;

/** How a {@link Loupe} is put together; every setting has a working default. Not thread-safe; {@link #build()} once. */
public final class LoupeBuilder {

    private Path home = Path.of("");
    private String graphName = GraphCatalog.DEFAULT_GRAPH;
    private GraphSpec spec;
    private GraphOverrides overrides = GraphOverrides.none();
    private Path outputDir;
    private StoreLocation storeLocation;
    private LoupeStore sharedStore;
    private ImageLimits limits = ImageLimits.defaults();
    private ToolRegistry tools;
    private ModelProviders providers;
    private PriceTable prices;
    private final Map<Class<?>, Object> lent = new LinkedHashMap<>();
    private LoadedImage decodeAhead;
    private OpenTelemetry openTelemetry;
    private MeterRegistry meterRegistry;
    private Path traceDir;

    LoupeBuilder() {
    }

    /** The folder holding {@code graphs/} and {@code prompts/}; the bundled copies are used when it has none. */
    public LoupeBuilder home(Path value) {
        this.home = Objects.requireNonNull(value);
        return this;
    }

    /**
     * The graph to run: a name ({@code forensic}, from {@code graphs/<name>.yaml} in the home folder
     * or bundled) or the path of a graph file ({@code my/caption.yaml}); {@link GraphCatalog#DEFAULT_GRAPH}
     * when not set.
     */
    public LoupeBuilder graph(String nameOrPath) {
        this.graphName = Objects.requireNonNull(nameOrPath);
        return this;
    }

    /** A graph given as a spec rather than a file. */
    public LoupeBuilder graph(GraphSpec value) {
        this.spec = value;
        return this;
    }

    /** Changes to the graph file; applied after those given before (later settings win). */
    public LoupeBuilder overrides(GraphOverrides value) {
        this.overrides = overrides.then(Objects.requireNonNull(value));
        return this;
    }

    /** The same model for every node. */
    public LoupeBuilder model(ModelSpec value) {
        return overrides(GraphOverrides.none().model(value));
    }

    public LoupeBuilder model(NodeRole role, ModelSpec value) {
        return overrides(GraphOverrides.none().model(role, value));
    }

    /** Model turns the agent may take; {@link dev.loupe.graph.AgentSpec#NO_LIMIT} for no limit of its own. */
    public LoupeBuilder maxIterations(int value) {
        return overrides(GraphOverrides.none().maxIterations(value));
    }

    public LoupeBuilder useTools(boolean value) {
        return overrides(GraphOverrides.none().useTools(value));
    }

    /**
     * Where every run's meters go: the host's Micrometer registry (its Prometheus or OTLP one, say), so it
     * sees {@code loupe.runs}, {@code loupe.tool.calls}, {@code gen_ai.client.token.usage} and
     * {@code gen_ai.client.operation.duration} beside its own. When unset, a registry of this Loupe's own
     * ({@link Loupe#meterRegistry()}) that also publishes to Micrometer's global registry
     * ({@code Metrics.globalRegistry}, which keeps nothing unless the host added a registry to it).
     */
    public LoupeBuilder meterRegistry(MeterRegistry value) {
        this.meterRegistry = value;
        return this;
    }

    /**
     * Where every run's spans go: an application's own OpenTelemetry SDK, say. When unset,
     * the process's global one ({@code GlobalOpenTelemetry}) as it is when {@link #build()} runs, which
     * is a no-op unless an SDK was installed there before (by the application, the OpenTelemetry Java
     * agent, or Loupe's command line).
     */
    public LoupeBuilder openTelemetry(OpenTelemetry value) {
        this.openTelemetry = value;
        return this;
    }

    /**
     * A folder for reasoning traces: one {@code <thread-id>.jsonl} per thread, a JSON line per node,
     * model call and tool call, appended as each ends. None when unset.
     */
    public LoupeBuilder traceDir(Path value) {
        this.traceDir = value;
        return this;
    }

    /**
     * Where tools write pictures: one sub-folder per thread, the folder made when missing. None when unset.
     *
     * @throws LoupeException BAD_INPUT when {@code value} exists and is not a folder: pictures would go nowhere
     */
    public LoupeBuilder outputDir(Path value) {
        if (value != null && Files.exists(value) && !Files.isDirectory(value)) {
            throw LoupeException.badInput("the output folder " + value + " is a file; give a folder (it is made when missing)");
        }
        this.outputDir = value;
        return this;
    }

    /**
     * Where threads are kept: a SQLite file, PostgreSQL, or {@code memory} (the default for the
     * library: nothing persisted). The store is opened by {@link #build()} and closed with the instance.
     */
    public LoupeBuilder store(StoreLocation value) {
        this.storeLocation = value;
        return this;
    }

    /** An already open store, shared with other instances; the caller closes it. */
    public LoupeBuilder store(LoupeStore value) {
        this.sharedStore = value;
        return this;
    }

    public LoupeBuilder imageLimits(ImageLimits value) {
        this.limits = Objects.requireNonNull(value);
        return this;
    }

    /** The tools graphs may use; those on the class path when unset. */
    public LoupeBuilder tools(ToolRegistry value) {
        this.tools = value;
        return this;
    }

    /** The model providers; those on the class path when unset. */
    public LoupeBuilder providers(ModelProviders value) {
        this.providers = value;
        return this;
    }

    /** What tokens cost, for {@code cost_usd}; the bundled {@code graphs/prices.yaml} when unset. */
    public LoupeBuilder prices(PriceTable value) {
        this.prices = value;
        return this;
    }

    /**
     * A resource the tools find by {@code type} (the knowledge base {@code composition_search} reads,
     * say), owned by the caller (who closes it). When unset, the instance opens the one kept with its
     * store on first use (see {@link StoreResource}) and closes it with itself: beside the SQLite file,
     * in the PostgreSQL database, or its own in memory.
     */
    public <T> LoupeBuilder resource(Class<T> type, T value) {
        lent.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** The graph file with this builder's overrides applied. */
    public GraphSpec resolveSpec() {
        return overrides.applyTo(spec != null ? spec : GraphLocation.of(home, graphName).load());
    }

    /**
     * The first image the built instance will analyse: the shared decodes its graph's tools declare
     * start on it on another thread as soon as the graph is read, while the rest is built (see
     * {@link DecodeAhead}). For one-off commands; results are the same with or without it.
     */
    public LoupeBuilder decodeAhead(LoadedImage image) {
        this.decodeAhead = image;
        return this;
    }

    @SuppressWarnings("unchecked")
    private static <T> ToolResources borrow(ToolResources resources, Class<T> type, Object value) {
        return resources.withBorrowed(type, (T) value);
    }

    public Loupe build() {
        ToolRegistry toolRegistry = tools != null ? tools : ToolRegistry.discover();
        StartupMarks.mark("tools found");
        GraphLocation location = spec == null ? GraphLocation.of(home, graphName) : null;
        GraphSpec resolved = overrides.applyTo(spec != null ? spec : location.load());
        StartupMarks.mark("graph spec read");
        if (decodeAhead != null) {
            DecodeAhead.start(resolved, toolRegistry, decodeAhead);
        }
        ModelProviders modelProviders = providers != null ? providers : ModelProviders.discover();
        PriceTable priceTable = prices != null ? prices : PriceTable.bundled();
        GraphFiles files = location != null ? location.files() : GraphFiles.preferring(home, resolved.name());
        boolean owns = sharedStore == null;
        LoupeStore store = owns
                ? LoupeStore.open(storeLocation != null ? storeLocation : StoreLocation.parse("memory"), AnalysisGraph.serializer())
                : sharedStore;
        try {
            ToolResources resources = resources(store.location());
            StartupMarks.mark("store open");
            GraphCompiler compiler = new GraphCompiler(files, modelProviders, toolRegistry, store.saver(), resources);
            return new Loupe(compiler, compiler.compile(resolved), new RecordedRuns(store, priceTable, outputDir,
                    telemetry(),
                    traceDir == null ? null : new TraceFiles(traceDir)), owns,
                    new ImageLoader(limits));
        } catch (RuntimeException e) {
            if (owns) {
                store.close();
            }
            throw e;
        }
    }

    private Telemetry telemetry() {
        MeterRegistry registry = meterRegistry != null ? meterRegistry : ownMeters();
        return openTelemetry != null ? Telemetry.of(openTelemetry, registry) : Telemetry.global(registry);
    }

    /**
     * A registry of this Loupe's own that also publishes to Micrometer's global one, as the spans go to
     * the global OpenTelemetry when no SDK is given: a host that fills {@code Metrics.globalRegistry}
     * (Spring Boot does; so does the command line when it exports over OTLP) sees the meters unasked.
     */
    private static MeterRegistry ownMeters() {
        CompositeMeterRegistry own = new CompositeMeterRegistry();
        own.add(new SimpleMeterRegistry());
        own.add(Metrics.globalRegistry);
        return own;
    }

    /** The store's resources the family jars on the class path open, with the caller's own in their place. */
    private ToolResources resources(StoreLocation location) {
        ToolResources resources = ToolResources.none();
        for (StoreResource<?> opener : ServiceLoader.load(StoreResource.class, LoupeBuilder.class.getClassLoader())) {
            resources = withOpener(resources, opener, location);
        }
        for (Map.Entry<Class<?>, Object> own : lent.entrySet()) {
            resources = withLent(resources, own.getKey(), own.getValue());
        }
        return resources;
    }

    private static <T> ToolResources withOpener(ToolResources resources, StoreResource<T> opener, StoreLocation location) {
        return resources.with(opener.type(), () -> opener.open(location));
    }

    private static <T> ToolResources withLent(ToolResources resources, Class<T> type, Object value) {
        return resources.withBorrowed(type, type.cast(value));
    }
}
