package dev.loupe.graph;

import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Changes to a graph file that a caller asks for: the builder's settings, the CLI's flags, a fork's
 * options. Every field is optional (null or empty keeps the file's value). The one path by which a
 * {@link GraphSpec} changes.
 *
 * @param models        models per node
 * @param maxIterations model turns, {@link AgentSpec#NO_LIMIT} for none
 * @param prompts       prompt files by role
 * @param schemaPath    the output schema file
 */
public record GraphOverrides(Map<NodeRole, ModelSpec> models, Integer maxIterations, Boolean useTools, List<String> tools,
                             Map<String, String> prompts, String schemaPath, String fallback, Integer visionMaxSide,
                             String visionDetail, Boolean passImage, Long maxTokens) {

    public GraphOverrides {
        models = models == null ? Map.of() : Map.copyOf(models);
        prompts = prompts == null ? Map.of() : Map.copyOf(prompts);
        tools = tools == null ? null : List.copyOf(tools);
    }

    public static GraphOverrides none() {
        return new GraphOverrides(null, null, null, null, null, null, null, null, null, null, null);
    }

    /** The same model for every node. */
    public GraphOverrides model(ModelSpec model) {
        Map<NodeRole, ModelSpec> all = new EnumMap<>(NodeRole.class);
        for (NodeRole role : NodeRole.values()) {
            all.put(role, model);
        }
        return models(all);
    }

    /**
     * Every node's model named {@code name} at the OpenAI-compatible endpoint {@code spec} already
     * names for that node, its connection settings (base URL, headers, timeouts) kept, as
     * {@code analyze --model} does; {@code offline} for the offline policy. A fork with another
     * model goes where the thread's graph was configured to go, never to a default endpoint.
     */
    public GraphOverrides modelNamed(GraphSpec spec, String name) {
        Map<NodeRole, ModelSpec> all = new EnumMap<>(NodeRole.class);
        for (NodeRole role : NodeRole.values()) {
            all.put(role, ModelSpec.OFFLINE.equals(name) ? ModelSpec.offline()
                    : spec.model(role).overriddenBy(Map.of("provider", OpenAiProvider.NAME, "model", name)));
        }
        return models(all);
    }

    public GraphOverrides model(NodeRole role, ModelSpec model) {
        Map<NodeRole, ModelSpec> merged = new EnumMap<>(NodeRole.class);
        merged.putAll(models);
        merged.put(role, model);
        return models(merged);
    }

    public GraphOverrides models(Map<NodeRole, ModelSpec> value) {
        return with(fields -> fields.models = value);
    }

    public GraphOverrides maxIterations(Integer value) {
        return with(fields -> fields.maxIterations = value);
    }

    public GraphOverrides useTools(Boolean value) {
        return with(fields -> fields.useTools = value);
    }

    public GraphOverrides tools(List<String> value) {
        return with(fields -> fields.tools = value);
    }

    public GraphOverrides prompt(String role, String path) {
        Map<String, String> merged = new HashMap<>(prompts);
        merged.put(role, path);
        return with(fields -> fields.prompts = merged);
    }

    public GraphOverrides schema(String path) {
        return with(fields -> fields.schemaPath = path);
    }

    public GraphOverrides fallback(String provider) {
        return with(fields -> fields.fallback = provider);
    }

    public GraphOverrides vision(Integer maxSide, String detail, Boolean image) {
        return with(fields -> {
            fields.visionMaxSide = maxSide;
            fields.visionDetail = detail;
            fields.passImage = image;
        });
    }

    public GraphOverrides maxTokens(Long value) {
        return with(fields -> fields.maxTokens = value);
    }

    /** These overrides and then {@code later}'s, which win where both set a value. */
    public GraphOverrides then(GraphOverrides later) {
        Map<NodeRole, ModelSpec> mergedModels = new EnumMap<>(NodeRole.class);
        mergedModels.putAll(models);
        mergedModels.putAll(later.models);
        Map<String, String> mergedPrompts = new HashMap<>(prompts);
        mergedPrompts.putAll(later.prompts);
        return new GraphOverrides(mergedModels, pick(later.maxIterations, maxIterations), pick(later.useTools, useTools),
                pick(later.tools, tools), mergedPrompts, pick(later.schemaPath, schemaPath), pick(later.fallback, fallback),
                pick(later.visionMaxSide, visionMaxSide), pick(later.visionDetail, visionDetail),
                pick(later.passImage, passImage), pick(later.maxTokens, maxTokens));
    }

    /** {@code spec} with these changes. */
    public GraphSpec applyTo(GraphSpec spec) {
        Map<NodeRole, ModelSpec> newModels = new EnumMap<>(NodeRole.class);
        newModels.putAll(spec.models());
        newModels.putAll(models);
        Map<String, String> newPrompts = new HashMap<>(spec.prompts());
        newPrompts.putAll(prompts);
        VisionSpec vision = spec.vision();
        AgentSpec agent = spec.agent();
        ToolsSpec toolsSpec = spec.tools();
        return spec.with(newModels, pick(fallback, spec.fallback()), newPrompts,
                new VisionSpec(vision.enabled(), pick(visionMaxSide, vision.maxSide()), pick(visionDetail, vision.detail())),
                new AgentSpec(pick(useTools, agent.enabled()), pick(maxIterations, agent.maxIterations()),
                        pick(passImage, agent.passImage()), pick(maxTokens, agent.maxTokens()), agent.toolsFirst()),
                tools == null ? toolsSpec : toolsSpec.withNames(tools),
                schemaPath == null ? spec.structuring() : new StructuringSpec(schemaPath, spec.structuring().rules()));
    }

    /** A copy with what {@code change} sets. */
    private GraphOverrides with(Consumer<Fields> change) {
        Fields fields = new Fields(this);
        change.accept(fields);
        return fields.overrides();
    }

    /** The fields as variables, so that a copy names only the ones it changes. */
    private static final class Fields {
        Map<NodeRole, ModelSpec> models;
        Integer maxIterations;
        Boolean useTools;
        List<String> tools;
        Map<String, String> prompts;
        String schemaPath;
        String fallback;
        Integer visionMaxSide;
        String visionDetail;
        Boolean passImage;
        Long maxTokens;

        Fields(GraphOverrides from) {
            models = from.models;
            maxIterations = from.maxIterations;
            useTools = from.useTools;
            tools = from.tools;
            prompts = from.prompts;
            schemaPath = from.schemaPath;
            fallback = from.fallback;
            visionMaxSide = from.visionMaxSide;
            visionDetail = from.visionDetail;
            passImage = from.passImage;
            maxTokens = from.maxTokens;
        }

        GraphOverrides overrides() {
            return new GraphOverrides(models, maxIterations, useTools, tools, prompts, schemaPath, fallback, visionMaxSide,
                    visionDetail, passImage, maxTokens);
        }
    }

    private static <T> T pick(T preferred, T otherwise) {
        return preferred != null ? preferred : otherwise;
    }
}
