package dev.loupe.graph;

import dev.loupe.image.LoadedImage;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.testing.OpenAiStub;
import org.bsc.langgraph4j.checkpoint.MemorySaver;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The bundled forensic graph with its agent on the real langchain4j OpenAI client talking to an
 * {@link OpenAiStub}, vision and structuring offline, and the tools a test chooses.
 */
final class StubbedGraph {

    static final String KEY = "sk-test-never-log-this-4f9a";

    private StubbedGraph() {
    }

    static GraphSpec spec(OpenAiStub stub, int maxIterations, List<Tool> tools) {
        GraphSpec bundled = GraphSpecParser.load(GraphFiles.bundled(), "forensic");
        Map<NodeRole, ModelSpec> models = new EnumMap<>(bundled.models());
        models.put(NodeRole.AGENT, agent(stub));
        GraphSpec spec = GraphOverrides.none().models(models).maxIterations(maxIterations)
                .tools(tools.stream().map(Tool::name).toList()).applyTo(bundled);
        return modelCallsTools(spec);
    }

    /** The spec with {@code tools_first} off: these tests script every tool call the model makes. */
    static GraphSpec modelCallsTools(GraphSpec spec) {
        AgentSpec agent = spec.agent();
        return spec.with(spec.models(), spec.fallback(), spec.prompts(), spec.vision(),
                new AgentSpec(agent.enabled(), agent.maxIterations(), agent.passImage(), agent.maxTokens(), false),
                spec.tools(), spec.structuring());
    }

    static ModelSpec agent(OpenAiStub stub) {
        return new ModelSpec("openai", "stub-model", stub.baseUrl(), 0.0, null, java.time.Duration.ofSeconds(10), 1, Map.of(), null);
    }

    static ModelProviders providers() {
        return ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", KEY)));
    }

    static GraphCompiler compiler(List<Tool> tools) {
        return new GraphCompiler(GraphFiles.bundled(), providers(), ToolRegistry.of(tools), new MemorySaver());
    }

    static AnalysisGraph build(GraphSpec spec, List<Tool> tools) {
        return compiler(tools).compile(spec);
    }

    static AnalysisGraph build(GraphSpec spec, List<Tool> tools, int agentRecursionLimit) {
        return AnalysisGraph.build(compiler(tools), spec, NodeRole.VISION,
                agentRecursionLimit);
    }

    /** Runs {@code spec} with {@code tools} once on {@code image}, as a thread of its own, and closes the graph. */
    static AnalysisResult run(GraphSpec spec, List<Tool> tools, LoadedImage image) {
        AnalysisGraph graph = build(spec, tools);
        try {
            return graph.run(image, "t-" + System.nanoTime(), null, e -> { });
        } finally {
            graph.close();
        }
    }

    /** {@code spec} with its structuring node on the stub's model too, so that it can repair an answer. */
    static GraphSpec structuringOn(OpenAiStub stub, GraphSpec spec) {
        Map<NodeRole, ModelSpec> models = new EnumMap<>(spec.models());
        models.put(NodeRole.STRUCTURING, agent(stub));
        return GraphOverrides.none().models(models).applyTo(spec);
    }
}
