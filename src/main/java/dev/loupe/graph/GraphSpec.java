package dev.loupe.graph;

import dev.loupe.core.LoupeException;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One workflow as its graph file describes it ({@code graphs/<name>.yaml}): which nodes run, with
 * which models, tools, prompts and output schema. Immutable; {@code with…} methods apply flags.
 *
 * @param prompts    prompt files by role: {@code vision}, {@code agent}, {@code practice},
 *                   {@code task}, {@code structuring}, as paths under the graph files' root
 * @param schemaPath the output schema, a path under the root
 * @param structuring the rules of the structuring step (enum aliases, clamps, repair rounds)
 * @param policy     the decision policy's section, read by rule-based providers only
 */
public record GraphSpec(String name, String description, int maxIterations, boolean useTools, boolean passImageToAgent,
                        List<String> tools, Map<NodeRole, ModelSpec> models, String fallback,
                        int visionMaxSide, String visionDetail, Map<String, String> prompts, String schemaPath,
                        Map<String, Object> structuring, Map<String, Object> policy,
                        Duration toolTimeout, int toolParallelism, long maxTokens) {

    public GraphSpec {
        Objects.requireNonNull(name, "name");
        if (maxIterations < 1) {
            throw LoupeException.badInput("graph " + name + ": max_iterations must be at least 1, not " + maxIterations);
        }
        if (!List.of("low", "high", "auto").contains(visionDetail)) {
            throw LoupeException.badInput("graph " + name + ": vision detail must be low, high or auto, not " + visionDetail);
        }
        tools = List.copyOf(tools);
        models = Map.copyOf(new EnumMap<>(models));
        prompts = Map.copyOf(prompts);
        structuring = Map.copyOf(structuring);
        policy = Map.copyOf(policy);
    }

    public ModelSpec model(NodeRole role) {
        return models.get(role);
    }

    public GraphSpec withMaxIterations(int value) {
        return new GraphSpec(name, description, value, useTools, passImageToAgent, tools, models, fallback, visionMaxSide,
                visionDetail, prompts, schemaPath, structuring, policy, toolTimeout, toolParallelism, maxTokens);
    }

    public GraphSpec withTools(List<String> value) {
        return new GraphSpec(name, description, maxIterations, useTools, passImageToAgent, value, models, fallback, visionMaxSide,
                visionDetail, prompts, schemaPath, structuring, policy, toolTimeout, toolParallelism, maxTokens);
    }

    public GraphSpec withUseTools(boolean value) {
        return new GraphSpec(name, description, maxIterations, value, passImageToAgent, tools, models, fallback, visionMaxSide,
                visionDetail, prompts, schemaPath, structuring, policy, toolTimeout, toolParallelism, maxTokens);
    }

    public GraphSpec withModels(Map<NodeRole, ModelSpec> value) {
        return new GraphSpec(name, description, maxIterations, useTools, passImageToAgent, tools, value, fallback, visionMaxSide,
                visionDetail, prompts, schemaPath, structuring, policy, toolTimeout, toolParallelism, maxTokens);
    }

    public GraphSpec withPrompt(String role, String path) {
        var copy = new java.util.HashMap<>(prompts);
        copy.put(role, path);
        return new GraphSpec(name, description, maxIterations, useTools, passImageToAgent, tools, models, fallback, visionMaxSide,
                visionDetail, copy, schemaPath, structuring, policy, toolTimeout, toolParallelism, maxTokens);
    }

    public GraphSpec withSchema(String path) {
        return new GraphSpec(name, description, maxIterations, useTools, passImageToAgent, tools, models, fallback, visionMaxSide,
                visionDetail, prompts, path, structuring, policy, toolTimeout, toolParallelism, maxTokens);
    }

    public GraphSpec withFallback(String provider) {
        return new GraphSpec(name, description, maxIterations, useTools, passImageToAgent, tools, models, provider, visionMaxSide,
                visionDetail, prompts, schemaPath, structuring, policy, toolTimeout, toolParallelism, maxTokens);
    }

    public GraphSpec withVision(int maxSide, String detail, boolean passImage) {
        return new GraphSpec(name, description, maxIterations, useTools, passImage, tools, models, fallback, maxSide,
                detail, prompts, schemaPath, structuring, policy, toolTimeout, toolParallelism, maxTokens);
    }

    public GraphSpec withMaxTokens(long value) {
        return new GraphSpec(name, description, maxIterations, useTools, passImageToAgent, tools, models, fallback, visionMaxSide,
                visionDetail, prompts, schemaPath, structuring, policy, toolTimeout, toolParallelism, value);
    }
}
