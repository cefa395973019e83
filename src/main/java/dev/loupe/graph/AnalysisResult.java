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
 * The result of one analysis: the graph's structured output (for the forensic graph: verdict,
 * confidence, category, rationale, forensic summary, evidence) and what every graph reports about
 * how it got there — the raw text, tools, timings, tokens, models, flags, the thread and the image.
 *
 * @param output      the structured output, as the graph's schema defines it
 * @param flags       {@code limit_reached}, {@code budget_exhausted}, {@code all_tools_failed},
 *                    {@code fallback_used}, {@code truncated}: true when they happened
 * @param prompts     each prompt used: role → {file, sha256}
 * @param costUsd     USD per node and {@code total}, from the price table; empty when not priced
 */
public record AnalysisResult(String threadId, String graph, Map<String, Object> image, Map<String, Object> output,
                             String visualDescription, String rawText, Map<String, Integer> toolUsage,
                             List<Map<String, Object>> toolDetails, Map<String, Double> timings,
                             Map<String, Map<String, Object>> tokenUsage, Map<String, String> models,
                             Map<String, Boolean> flags, Map<String, Map<String, String>> prompts,
                             Map<String, Double> costUsd) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static AnalysisResult from(AnalysisState state, String threadId, String graph, GraphPrompts prompts, double totalSeconds) {
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
        for (String flag : List.of("limit_reached", "budget_exhausted", "all_tools_failed", "truncated")) {
            flags.put(flag, state.flag(flag));
        }
        return new AnalysisResult(threadId, graph, state.image(), state.output(), state.visualDescription(),
                state.agentText().orElse(state.visualDescription()), usage, new ArrayList<>(state.toolDetails()),
                timings, tokens, models, flags, prompts.describe(), Map.of());
    }

    /** The output's {@code verdict} ({@code real}, {@code fake}, {@code uncertain} for the forensic graph); {@code uncertain} when absent. */
    public String verdict() {
        return String.valueOf(output.getOrDefault("verdict", "uncertain"));
    }

    /** The output's {@code confidence}, 0 to 1; 0 when absent. */
    public double confidence() {
        return output.get("confidence") instanceof Number n ? n.doubleValue() : 0.0;
    }

    /** The output's {@code category} ({@code camera_original}, {@code ai_generated}, …); {@code unknown} when absent. */
    public String category() {
        return String.valueOf(output.getOrDefault("category", "unknown"));
    }

    /** The output's {@code rationale}: the verdict's reasons in a few sentences. */
    public String rationale() {
        return String.valueOf(output.getOrDefault("rationale", ""));
    }

    /** The output's {@code evidence}: one map per finding with {@code tool}, {@code finding} and {@code weight} (log-odds toward fake). */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> evidence() {
        return output.get("evidence") instanceof List<?> list ? (List<Map<String, Object>>) list : List.of();
    }

    /** Whether the agent hit {@code max_iterations} and the answer was written from the tool results so far. */
    public boolean limitReached() {
        return flags.getOrDefault("limit_reached", false);
    }

    /** Whether the flag {@code name} ({@code limit_reached}, {@code fallback_used}, …) was raised. */
    public boolean flag(String name) {
        return flags.getOrDefault(name, false);
    }

    /** This result with {@code flag} set, for flags decided outside the graph (a fallback, say). */
    public AnalysisResult withFlag(String flag) {
        Map<String, Boolean> copy = new LinkedHashMap<>(flags);
        copy.put(flag, true);
        return new AnalysisResult(threadId, graph, image, output, visualDescription, rawText, toolUsage, toolDetails,
                timings, tokenUsage, models, copy, prompts, costUsd);
    }

    /** This result with its cost, which the facade computes from its price table. */
    public AnalysisResult withCost(Map<String, Double> value) {
        return new AnalysisResult(threadId, graph, image, output, visualDescription, rawText, toolUsage, toolDetails,
                timings, tokenUsage, models, flags, prompts, new LinkedHashMap<>(value));
    }

    /** The result as the JSON object the CLI prints and the README documents. */
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
