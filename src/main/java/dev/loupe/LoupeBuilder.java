package dev.loupe;

import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.core.StartupMarks;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.DecodeAhead;
import dev.loupe.graph.GraphCompiler;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphLocation;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.graph.GraphSpec;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.kb.KnowledgeBase;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.PriceTable;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.ToolResources;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** How a {@link Loupe} is put together; every setting has a working default. Not thread-safe; {@link #build()} once. */
public final class LoupeBuilder {

    private Path home = Path.of("");
    private String graphName = "forensic";
    private GraphSpec spec;
    private GraphOverrides overrides = GraphOverrides.none();
    private Path outputDir;
    private StoreLocation storeLocation;
    private LoupeStore sharedStore;
    private ImageLimits limits = ImageLimits.defaults();
    private ToolRegistry tools;
    private ModelProviders providers;
    private PriceTable prices;
    private KnowledgeBase knowledge;
    private final Map<Class<?>, Object> toolResources = new LinkedHashMap<>();
    private LoadedImage decodeAhead;

    LoupeBuilder() {
    }

    /** The folder holding {@code graphs/} and {@code prompts/}; the bundled copies are used when it has none. */
    public LoupeBuilder home(Path value) {
        this.home = Objects.requireNonNull(value);
        return this;
    }

    /**
     * The graph to run: a name ({@code forensic}, from {@code graphs/<name>.yaml} in the home folder
     * or bundled) or the path of a graph file ({@code my/caption.yaml}).
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

    /** Where tools write pictures: one sub-folder per thread. None when unset. */
    public LoupeBuilder outputDir(Path value) {
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
     * The knowledge base {@code composition_search} reads, owned by the caller (who closes it). When
     * unset, the instance opens the one kept with its store on first use and closes it with itself:
     * beside the SQLite file, in the PostgreSQL database, or its own in memory.
     */
    public LoupeBuilder knowledgeBase(KnowledgeBase value) {
        this.knowledge = value;
        return this;
    }

    /**
     * A resource the instance's tools find through their context by type (a tool family's own
     * settings, such as the C2PA trust anchors), owned by the caller.
     */
    public <T> LoupeBuilder toolResource(Class<T> type, T value) {
        toolResources.put(type, value);
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
            ToolResources resources = knowledge != null ? ToolResources.none().withBorrowed(KnowledgeBase.class, knowledge)
                    : ToolResources.none().with(KnowledgeBase.class, () -> KnowledgeBase.open(store.location()));
            for (Map.Entry<Class<?>, Object> entry : toolResources.entrySet()) {
                resources = borrow(resources, entry.getKey(), entry.getValue());
            }
            StartupMarks.mark("store open");
            GraphCompiler compiler = new GraphCompiler(files, modelProviders, toolRegistry, store.saver(), resources);
            return new Loupe(compiler, compiler.compile(resolved), new RecordedRuns(store, priceTable, outputDir), owns,
                    new ImageLoader(limits));
        } catch (RuntimeException e) {
            if (owns) {
                store.close();
            }
            throw e;
        }
    }
}
