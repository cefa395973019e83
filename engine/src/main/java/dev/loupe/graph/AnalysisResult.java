package dev.loupe.graph;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.model.NodeRole;
import dev.loupe.model.Tokens;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of one run of any graph: the graph's schema-validated output object, and the envelope
 * every graph reports about how it got there — the raw text, tools, timings, tokens, models, flags,
 * the thread and the image. What a graph's output means is that graph's business: the forensic
 * verdict and evidence are read through {@code dev.loupe.tool.forensic.ForensicVerdict}.
 *
 * @param output      the structured output, as the graph's schema defines it
 * @param label       the value of the graph's label field ({@code evaluation.label} in its file, the
 *                    forensic {@code verdict}), or null when it declares none
 * @param flags       {@code limit_reached}, {@code budget_exhausted}, {@code all_tools_failed},
 *                    {@code fallback_used}, {@code truncated}: true when they happened
 * @param prompts     each prompt used: role → {file, sha256}
 * @param costUsd     USD per node and {@code total}, from the price table; empty when not priced
 */
public record AnalysisResult(String threadId, String graph, Map<String, Object> image, Map<String, Object> output,
                             String label, String visualDescription, String rawText, Map<String, Integer> toolUsage,
                             List<Map<String, Object>> toolDetails, Map<String, Double> timings,
                             Map<String, Map<String, Object>> tokenUsage, Map<String, String> models,
                             Map<String, Boolean> flags, Map<String, Map<String, String>> prompts,
                             Map<String, Double> costUsd) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static AnalysisResult from(AnalysisState state, String threadId, GraphSpec spec, GraphPrompts prompts, double totalSeconds) {
        Map<String, Integer> usage = new LinkedHashMap<>();
        for (Map<String, Object> detail : state.toolDetails()) {
            usage.merge(String.valueOf(detail.get("tool")), 1, Integer::sum);
        }
        Map<String, Double> timings = new LinkedHashMap<>();
        Map<String, Map<String, Object>> tokens = new LinkedHashMap<>();
        Map<String, String> models = new LinkedHashMap<>();
        Tokens total = Tokens.ZERO;
        for (NodeRole role : NodeRole.values()) {
            String node = role.id();
            if (state.timings().containsKey(node)) {
                timings.put(node, round(state.seconds(node)));
            }
            if (state.usage().containsKey(node)) {
                Tokens used = Tokens.fromMap(state.usage().get(node));
                tokens.put(node, used.toMap());
                total = total.plus(used);
            }
            if (state.models().containsKey(node)) {
                models.put(node, String.valueOf(state.models().get(node)));
            }
        }
        timings.put("total", round(totalSeconds));
        tokens.put("total", total.toMap());
        Map<String, Boolean> flags = new LinkedHashMap<>();
        for (RunFlag flag : RunFlag.values()) {
            if (flag != RunFlag.FALLBACK_USED) {
                flags.put(flag.key(), state.flag(flag));
            }
        }
        String labelField = spec.evaluation().label();
        Object label = labelField == null ? null : state.output().get(labelField);
        return new AnalysisResult(threadId, spec.name(), state.image(), state.output(), label == null ? null : String.valueOf(label),
                state.visualDescription(),
                state.agentText().orElse(state.visualDescription()), usage, new ArrayList<>(state.toolDetails()),
                timings, tokens, models, flags, prompts.describe(), Map.of());
    }

    public boolean flag(RunFlag flag) {
        return flags.getOrDefault(flag.key(), false);
    }

    /** This result with {@code flag} set, for flags decided outside the graph (a fallback, say). */
    public AnalysisResult withFlag(RunFlag flag) {
        Map<String, Boolean> copy = new LinkedHashMap<>(flags);
        copy.put(flag.key(), true);
        return new AnalysisResult(threadId, graph, image, output, label, visualDescription, rawText, toolUsage, toolDetails,
                timings, tokenUsage, models, copy, prompts, costUsd);
    }

    /** This result with its cost, which the facade computes from its price table. */
    public AnalysisResult withCost(Map<String, Double> value) {
        return new AnalysisResult(threadId, graph, image, output, label, visualDescription, rawText, toolUsage, toolDetails,
                timings, tokenUsage, models, flags, prompts, new LinkedHashMap<>(value));
    }

    /** The result as the JSON object the CLI prints and docs/analysing-images.md documents. */
    public ObjectNode toJson() {
        ObjectNode node = JSON.createObjectNode();
        node.setAll(JSON.<ObjectNode>valueToTree(output));
        node.put("visual_description", visualDescription);
        node.put("raw_text", rawText);
        node.set("tool_usage", JSON.valueToTree(toolUsage));
        node.set("tool_details", JSON.valueToTree(toolDetails));
        node.set("timings", JSON.valueToTree(timings));
        node.set("token_usage", JSON.valueToTree(tokenUsage));
        node.set("models", JSON.valueToTree(models));
        node.set("cost_usd", JSON.valueToTree(costUsd));
        flags.forEach(node::put);
        node.put("thread_id", threadId);
        node.put("graph", graph);
        node.set("image", JSON.valueToTree(image));
        node.set("prompts", JSON.valueToTree(prompts));
        return node;
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }
}
