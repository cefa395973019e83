package dev.loupe.graph;

import dev.langchain4j.model.chat.ChatModel;
import dev.loupe.core.Failures;
import dev.loupe.core.LoupeException;
import dev.loupe.image.LoadedImage;
import dev.loupe.model.ModelProvider;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.structure.JsonSchema;
import dev.loupe.tool.SharedDecode;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolExecutor;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.ToolSource;
import dev.loupe.tool.ToolSpecs;
import dev.loupe.trace.RunTrace;
import dev.loupe.trace.TracedChatModel;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.GraphInput;
import org.bsc.langgraph4j.GraphRepresentation;
import org.bsc.langgraph4j.GraphStateException;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.langchain4j.serializer.jackson.LC4jJacksonStateSerializer;
import org.bsc.langgraph4j.serializer.StateSerializer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

import static org.bsc.langgraph4j.StateGraph.END;
import static org.bsc.langgraph4j.StateGraph.START;
import static org.bsc.langgraph4j.action.AsyncNodeActionWithConfig.node_async;

/**
 * A graph file compiled into a runnable LangGraph4j graph: {@code vision → agent → structuring},
 * where {@code agent} is the compiled ReAct subgraph ({@link AgentLoop}), or
 * {@code vision → structuring} when the graph does not use tools. Knows no concrete tool or
 * provider: both come from registries.
 */
public final class AnalysisGraph {

    /** Parent steps: three nodes, one extra step for the subgraph node, and LangGraph4j's bookkeeping. */
    private static final int PARENT_RECURSION_LIMIT = 3 + 1 + AgentLoop.LANGGRAPH_BOOKKEEPING_STEPS + 1;

    private final GraphSpec spec;
    private final GraphPrompts prompts;
    private final JsonSchema schema;
    private final CompiledGraph<AnalysisState> compiled;
    private final ToolExecutor executor;
    private final Map<String, Object> fingerprint;
    private final List<SharedDecode> sharedDecodes;

    private AnalysisGraph(GraphSpec spec, GraphPrompts prompts, JsonSchema schema, CompiledGraph<AnalysisState> compiled,
                          ToolExecutor executor, Map<String, Object> fingerprint, List<SharedDecode> sharedDecodes) {
        this.spec = spec;
        this.prompts = prompts;
        this.schema = schema;
        this.compiled = compiled;
        this.executor = executor;
        this.fingerprint = fingerprint;
        this.sharedDecodes = sharedDecodes;
    }

    /**
     * What makes a run of this graph reproducible: Loupe's version, the hashes of the effective graph
     * configuration, of every prompt and of the schema, the model per node and each tool's version.
     */
    public Map<String, Object> fingerprint() {
        return fingerprint;
    }

    /** A serializer that round-trips the state, langchain4j messages included, as JSON. */
    public static LC4jJacksonStateSerializer<AnalysisState> serializer() {
        return new LC4jJacksonStateSerializer<>(AnalysisState::new);
    }

    /** Compiles {@code spec} entered at {@code entry}; see {@link GraphCompiler}. */
    static AnalysisGraph build(GraphCompiler compiler, GraphSpec spec, NodeRole entry, int agentRecursionLimit) {
        ModelProviders providers = compiler.providers();
        GraphPrompts prompts = GraphPrompts.load(compiler.files(), spec);
        JsonSchema schema = JsonSchema.parse(compiler.files().read(spec.structuring().schemaPath()));
        List<Tool> declared = new ArrayList<>();
        List<String> usable = spec.tools().names();
        for (ToolSource.Declared source : spec.tools().setup().sources()) {
            ToolSource.Resolved resolved = source.resolve(spec.tools().names());
            declared.addAll(resolved.tools());
            usable = resolved.usable(usable);
        }
        ToolRegistry selected = compiler.tools().with(declared).select(usable);
        ToolExecutor executor = new ToolExecutor(selected, spec.tools().timeout(), spec.tools().parallelism(),
                spec.tools().setup().retries(), compiler.resources());
        ModelImage modelImage = ModelImage.of(spec, selected);
        StateSerializer<AnalysisState> serializer = serializer();
        boolean withVision = spec.vision().enabled() && entry == NodeRole.VISION;
        boolean withAgent = spec.agent().enabled() && entry != NodeRole.STRUCTURING;
        String vision = NodeRole.VISION.id();
        String agent = NodeRole.AGENT.id();
        String structuring = NodeRole.STRUCTURING.id();
        try {
            StateGraph<AnalysisState> graph = new StateGraph<>(AnalysisState.SCHEMA, serializer)
                    .addNode(structuring, node_async(RecordedNode.of(structuring, structuring(spec, prompts, schema, providers))))
                    .addEdge(structuring, END);
            if (withVision) {
                graph.addNode(vision, node_async(RecordedNode.of(vision, new VisionNode(spec, prompts,
                                model(providers, spec, NodeRole.VISION), spec.model(NodeRole.VISION).displayName(), modelImage))))
                        .addEdge(START, vision)
                        .addEdge(vision, withAgent ? agent : structuring);
            }
            if (withAgent) {
                ModelSpec agentSpec = spec.model(NodeRole.AGENT);
                ChatModel concluder = traced(providers.get(ModelSpec.OFFLINE).concluder(spec.policy().settings()), ModelSpec.offline());
                var loop = AgentLoop.compile(spec, prompts, model(providers, spec, NodeRole.AGENT), agentSpec.displayName(),
                        ToolSpecs.of(selected), modelImage, executor, concluder, serializer, compiler.saver(), agentRecursionLimit);
                graph.addNode(agent, loop).addEdge(agent, structuring);
                if (!withVision) {
                    graph.addEdge(START, agent);
                }
            }
            if (!withVision && !withAgent) {
                graph.addEdge(START, structuring);
            }
            CompileConfig.Builder config = CompileConfig.builder().recursionLimit(PARENT_RECURSION_LIMIT);
            if (compiler.saver() != null) {
                config.checkpointSaver(compiler.saver());
            }
            List<SharedDecode> sharedDecodes = selected.all().stream().map(tool -> tool.definition().sharedDecode())
                    .flatMap(Optional::stream).distinct().toList();
            return new AnalysisGraph(spec, prompts, schema, graph.compile(config.build()), executor,
                    GraphFingerprint.of(spec, prompts, schema, selected), sharedDecodes);
        } catch (GraphStateException e) {
            throw new LoupeException(LoupeException.Kind.INTERNAL, "graph " + spec.name() + " does not compile: " + e.getMessage(), e);
        }
    }

    private static ChatModel model(ModelProviders providers, GraphSpec spec, NodeRole role) {
        ModelSpec model = spec.model(role);
        return traced(providers.get(model.provider()).chatModel(model, role, spec.policy().settings()), model);
    }

    /** Every model a graph calls is traced, whatever its provider: one place, here. */
    private static ChatModel traced(ChatModel model, ModelSpec spec) {
        return TracedChatModel.of(model, spec.provider(), spec.displayName());
    }

    private static StructuringNode structuring(GraphSpec spec, GraphPrompts prompts, JsonSchema schema, ModelProviders providers) {
        ModelSpec model = spec.model(NodeRole.STRUCTURING);
        ModelProvider provider = providers.get(model.provider());
        ChatModel repairing = provider.repairs() ? traced(provider.chatModel(model, NodeRole.STRUCTURING, spec.policy().settings()), model) : null;
        return new StructuringNode(spec, prompts, schema, repairing, model.displayName());
    }

    public GraphSpec spec() {
        return spec;
    }

    public GraphPrompts prompts() {
        return prompts;
    }

    public JsonSchema schema() {
        return schema;
    }

    /** The compiled LangGraph4j graph, for those who embed it in a graph of their own. */
    public CompiledGraph<AnalysisState> compiled() {
        return compiled;
    }

    /** The configuration an invocation of {@link #compiled()} needs: the thread and the run's context. */
    public static RunnableConfig runConfig(String threadId, RunContext context) {
        return RunnableConfig.builder().threadId(threadId).addMetadata(RunContext.METADATA_KEY, context.forThread(threadId)).build();
    }

    /** The graph as a Mermaid diagram, the agent subgraph nested. */
    public String mermaid() {
        return compiled.getGraph(GraphRepresentation.Type.MERMAID, spec.name(), true).content();
    }

    /** The initial state of an analysis: what the file is. */
    public static Map<String, Object> input(LoadedImage image) {
        return input(image, null);
    }

    /**
     * The initial state of an analysis: what the file is, and the user's own question when there is
     * one. A run without an image (a prompt-only agent run) starts from the question alone.
     */
    public static Map<String, Object> input(LoadedImage image, String question) {
        if (image == null) {
            return question == null ? Map.of() : Map.of(AnalysisState.QUESTION, question);
        }
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("path", image.path() == null ? null : image.path().toString());
        facts.put("name", image.name());
        facts.put("sha256", image.sha256());
        facts.put("format", image.format().name().toLowerCase(Locale.ROOT));
        facts.put("width", image.width());
        facts.put("height", image.height());
        facts.put("bytes", image.bytes().length);
        return question == null || question.isBlank() ? Map.of(AnalysisState.IMAGE, facts)
                : Map.of(AnalysisState.IMAGE, facts, AnalysisState.QUESTION, question);
    }

    /**
     * Runs one analysis of {@code image} under {@code threadId}, tool pictures under {@code artifactDir}
     * (null for none); failures come out as {@link LoupeException}s.
     */
    public AnalysisResult run(LoadedImage image, String threadId, Path artifactDir, Consumer<AnalysisEvent> listener) {
        return run(GraphInput.args(input(image)), image, threadId, artifactDir, listener, null);
    }

    /**
     * Runs from {@code input}: fresh arguments, a state to continue from (a fork), or
     * {@link GraphInput#resume()} to continue the thread's last checkpoint. When the run ends, the
     * tools' shared decodes of {@code image} are released: a 24 MP JPEG's planes and coefficient
     * summaries (≈ 80 MB) are not kept waiting for a collection to notice the image has gone.
     */
    public AnalysisResult run(GraphInput input, LoadedImage image, String threadId, Path artifactDir,
                              Consumer<AnalysisEvent> listener, Function<byte[], String> artifactSink) {
        long start = System.nanoTime();
        AnalysisState state;
        try {
            state = compiled.invoke(input, runConfig(threadId, new RunContext(image, artifactDir, listener, artifactSink, null,
                    RunTrace.current())))
                    .orElseThrow(() -> new LoupeException(LoupeException.Kind.INTERNAL, "the graph ended without a state"));
        } catch (RuntimeException e) {
            throw Failures.unwrap(e);
        } finally {
            if (image != null) {
                sharedDecodes.forEach(decode -> decode.release(image));
            }
        }
        return AnalysisResult.from(state, threadId, spec, prompts, (System.nanoTime() - start) / 1e9);
    }

    public void close() {
        executor.close();
    }
}
