package dev.loupe.graph;

import dev.loupe.model.ModelProvider;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.NodeRole;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.ToolResources;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;

import java.util.Objects;

/**
 * Turns graph specs into runnable graphs. Holds what every compilation of one Loupe instance shares:
 * where graph files and prompts are read from, the model providers, the tool registry and the
 * checkpoint saver. Immutable: replay and fork derive a compiler with one part changed.
 *
 * @param saver     where checkpoints go; null for none
 * @param resources what the instance's tools share (its knowledge base); closed by the instance, not here
 */
public record GraphCompiler(GraphFiles files, ModelProviders providers, ToolRegistry tools, BaseCheckpointSaver saver,
                            ToolResources resources) {

    public GraphCompiler {
        Objects.requireNonNull(files, "files");
        Objects.requireNonNull(providers, "providers");
        Objects.requireNonNull(tools, "tools");
        resources = resources == null ? ToolResources.none() : resources;
    }

    /** A compiler whose tools share no resources. */
    public GraphCompiler(GraphFiles files, ModelProviders providers, ToolRegistry tools, BaseCheckpointSaver saver) {
        this(files, providers, tools, saver, ToolResources.none());
    }

    /** The graph named {@code name} ({@code graphs/<name>.yaml}) or at a path ending in {@code .yaml}. */
    public GraphSpec load(String name) {
        return GraphSpecParser.load(files, name);
    }

    /** The whole graph, entered at its first node. */
    public AnalysisGraph compile(GraphSpec spec) {
        return AnalysisGraph.build(this, spec, NodeRole.VISION, AgentLoop.recursionLimit(spec.agent()));
    }

    /**
     * The graph entered at {@code entry}: for forks and resumes, which re-run only what comes after
     * the checkpoint they start from; the nodes before it are left out.
     */
    public AnalysisGraph compileFrom(NodeRole entry, GraphSpec spec) {
        return AnalysisGraph.build(this, spec, entry, AgentLoop.recursionLimit(spec.agent()));
    }

    /** This compiler with one more provider (the replay provider, say), which wins over one of the same name. */
    public GraphCompiler with(ModelProvider provider) {
        return new GraphCompiler(files, providers.with(provider), tools, saver, resources);
    }

    /** This compiler writing checkpoints to {@code other}. */
    public GraphCompiler savingTo(BaseCheckpointSaver other) {
        return new GraphCompiler(files, providers, tools, other, resources);
    }
}
