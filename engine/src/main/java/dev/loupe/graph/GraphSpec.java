package dev.loupe.graph;

import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * One workflow as its graph file describes it ({@code graphs/<name>.yaml}): which nodes run, with
 * which models, tools, prompts and output schema, and how the offline provider and {@code loupe eval}
 * treat it. Immutable; changes go through {@link GraphOverrides}.
 *
 * @param models   the model per node (every role present)
 * @param fallback the provider to run when a model stays unavailable, or null
 * @param prompts  prompt files by role: {@code vision}, {@code agent}, {@code practice}, {@code task},
 *                 {@code structuring}, as paths under the graph files' root
 */
public record GraphSpec(String name, String description, Map<NodeRole, ModelSpec> models, String fallback,
                        Map<String, String> prompts, VisionSpec vision, AgentSpec agent, ToolsSpec tools,
                        StructuringSpec structuring, PolicySpec policy, EvaluationSpec evaluation) {

    public GraphSpec {
        Objects.requireNonNull(name, "name");
        models = Map.copyOf(new EnumMap<>(models));
        prompts = Map.copyOf(prompts);
        Objects.requireNonNull(vision, "vision");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(structuring, "structuring");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(evaluation, "evaluation");
    }

    public ModelSpec model(NodeRole role) {
        return models.get(role);
    }

    /** This graph with every node on {@code provider} and no fallback of its own: what a fallback runs. */
    public GraphSpec fallingBackTo(String provider) {
        Map<NodeRole, ModelSpec> all = new EnumMap<>(NodeRole.class);
        for (NodeRole role : NodeRole.values()) {
            all.put(role, ModelSpec.offline().withProvider(provider).withName(provider));
        }
        return new GraphSpec(name, description, all, null, prompts, vision, agent, tools, structuring, policy, evaluation);
    }

    GraphSpec with(Map<NodeRole, ModelSpec> newModels, String newFallback, Map<String, String> newPrompts,
                   VisionSpec newVision, AgentSpec newAgent, ToolsSpec newTools, StructuringSpec newStructuring) {
        return new GraphSpec(name, description, newModels, newFallback, newPrompts, newVision, newAgent, newTools,
                newStructuring, policy, evaluation);
    }
}
