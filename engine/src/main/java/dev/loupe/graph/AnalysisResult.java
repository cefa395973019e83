package dev.loupe.graph;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.model.NodeRole;
import dev.loupe.model.Tokens;
import dev.loupe.model.Usage;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The result of one run of any graph: the graph's schema-validated output object, and the envelope
 * every graph reports about how it got there — the raw text, tools, timings, tokens, models, flags,
 * the thread and the image. What a graph's output means is that graph's business: the forensic
 * verdict and evidence are read through {@code dev.loupe.tool.forensic.ForensicVerdict}. The envelope
 * is typed; {@link #toJson()} is where it becomes the JSON object the CLI prints, the service returns
 * and a thread stores.
 *
 * @param image       the analysed image, or null for a prompt run without one
 * @param output      the structured output, as the graph's schema defines it (JSON values)
 * @param label       the value of the graph's label field ({@code evaluation.label} in its file, the
 *                    forensic {@code verdict}), or null when it declares none
 * @param toolUsage   how many calls each tool had, by tool name, in the order of their first call
 * @param toolDetails every tool call, in order
 * @param timings     seconds per node and in all
 * @param tokenUsage  tokens per node and in all
 * @param models      the model that answered each node that called one
 * @param flags       what happened that the output alone does not say ({@link RunFlag})
 * @param prompts     each prompt used, by role
 * @param costUsd     USD per node id and {@code total}, from the price table; empty when not priced
 */
public record AnalysisResult(String threadId, String graph, ImageSummary image, Map<String, Object> output,
                             String label, String visualDescription, String rawText, Map<String, Integer> toolUsage,
                             List<ToolDetail> toolDetails, Timings timings, Usage tokenUsage, Map<NodeRole, String> models,
                             Set<RunFlag> flags, Map<String, PromptFile> prompts, Map<String, Double> costUsd) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public AnalysisResult {
        toolDetails = List.copyOf(toolDetails);
        EnumMap<NodeRole, String> byRole = new EnumMap<>(NodeRole.class);
        byRole.putAll(models);
        models = Collections.unmodifiableMap(byRole);
        flags = Collections.unmodifiableSet(flags.isEmpty() ? EnumSet.noneOf(RunFlag.class) : EnumSet.copyOf(flags));
    }

    public static AnalysisResult from(AnalysisState state, String threadId, GraphSpec spec, GraphPrompts prompts, double totalSeconds) {
        List<ToolDetail> details = state.toolDetails().stream().map(ToolDetail::fromMap).toList();
        Map<String, Integer> usage = new LinkedHashMap<>();
        for (ToolDetail detail : details) {
            usage.merge(detail.tool(), 1, Integer::sum);
        }
        Map<NodeRole, Double> timings = new EnumMap<>(NodeRole.class);
        Map<NodeRole, Tokens> tokens = new EnumMap<>(NodeRole.class);
        Map<NodeRole, String> models = new EnumMap<>(NodeRole.class);
        for (NodeRole role : NodeRole.values()) {
            String node = role.id();
            if (state.timings().containsKey(node)) {
                timings.put(role, round(state.seconds(node)));
            }
            if (state.usage().containsKey(node)) {
                tokens.put(role, Tokens.fromMap(state.usage().get(node)));
            }
            if (state.models().containsKey(node)) {
                models.put(role, String.valueOf(state.models().get(node)));
            }
        }
        Set<RunFlag> flags = EnumSet.noneOf(RunFlag.class);
        for (RunFlag flag : RunFlag.values()) {
            if (flag != RunFlag.FALLBACK_USED && state.flag(flag)) {
                flags.add(flag);
            }
        }
        String labelField = spec.evaluation().label();
        Object label = labelField == null ? null : state.output().get(labelField);
        return new AnalysisResult(threadId, spec.name(), ImageSummary.fromMap(state.image()), state.output(),
                label == null ? null : String.valueOf(label), state.visualDescription(),
                state.agentText().orElse(state.visualDescription()), usage, details,
                new Timings(timings, round(totalSeconds)), Usage.of(tokens), models, flags, prompts.files(), Map.of());
    }

    public boolean flag(RunFlag flag) {
        return flags.contains(flag);
    }

    /** This result with {@code flag} set, for flags decided outside the graph (a fallback, say). */
    public AnalysisResult withFlag(RunFlag flag) {
        Set<RunFlag> raised = EnumSet.of(flag);
        raised.addAll(flags);
        return new AnalysisResult(threadId, graph, image, output, label, visualDescription, rawText, toolUsage, toolDetails,
                timings, tokenUsage, models, raised, prompts, costUsd);
    }

    /** This result with its cost, which the facade computes from its price table. */
    public AnalysisResult withCost(Map<String, Double> value) {
        return new AnalysisResult(threadId, graph, image, output, label, visualDescription, rawText, toolUsage, toolDetails,
                timings, tokenUsage, models, flags, prompts, new LinkedHashMap<>(value));
    }

    /**
     * The result as the JSON object the CLI prints and docs/analysing-images.md documents. Every flag
     * is a boolean field, {@code fallback_used} only when raised (it is decided outside the graph).
     */
    public ObjectNode toJson() {
        ObjectNode node = JSON.createObjectNode();
        node.setAll(JSON.<ObjectNode>valueToTree(output));
        node.put("visual_description", visualDescription);
        node.put("raw_text", rawText);
        node.set("tool_usage", JSON.valueToTree(toolUsage));
        node.set("tool_details", JSON.valueToTree(toolDetails.stream().map(ToolDetail::toMap).toList()));
        node.set("timings", JSON.valueToTree(timings.toMap()));
        node.set("token_usage", JSON.valueToTree(tokenUsage.toMap()));
        node.set("models", JSON.valueToTree(byId(models)));
        node.set("cost_usd", JSON.valueToTree(costUsd));
        for (RunFlag flag : RunFlag.values()) {
            if (flag != RunFlag.FALLBACK_USED || flags.contains(flag)) {
                node.put(flag.key(), flags.contains(flag));
            }
        }
        node.put("thread_id", threadId);
        node.put("graph", graph);
        node.set("image", JSON.valueToTree(image == null ? Map.of() : image.toMap()));
        Map<String, Map<String, String>> files = new LinkedHashMap<>();
        prompts.forEach((role, file) -> files.put(role, file.toMap()));
        node.set("prompts", JSON.valueToTree(files));
        return node;
    }

    /** {@code models} keyed by node id, as the JSON names nodes. */
    private static Map<String, String> byId(Map<NodeRole, String> models) {
        Map<String, String> byId = new LinkedHashMap<>();
        models.forEach((role, model) -> byId.put(role.id(), model));
        return byId;
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }
}
