package dev.loupe.graph;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.model.NodeRole;
import dev.loupe.model.Usage;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An {@link AnalysisResult} read back from the JSON {@link AnalysisResult#toJson()} wrote (a thread's
 * stored result), so a past run of any graph prints as it printed when it ran: the envelope's fields
 * are known by name, and every other field is the graph's own output.
 */
public final class StoredResult {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> ENVELOPE = Set.of("visual_description", "raw_text", "tool_usage", "tool_details",
            "timings", "token_usage", "models", "cost_usd", "thread_id", "graph", "image", "prompts");

    private StoredResult() {
    }

    /** The result {@code json} holds; {@code label} is the label the thread recorded (null for none). */
    public static AnalysisResult read(JsonNode json, String label) {
        Set<RunFlag> flags = EnumSet.noneOf(RunFlag.class);
        Set<String> flagKeys = new HashSet<>();
        for (RunFlag flag : RunFlag.values()) {
            if (json.has(flag.key())) {
                flagKeys.add(flag.key());
                if (json.get(flag.key()).asBoolean()) {
                    flags.add(flag);
                }
            }
        }
        Map<String, Object> output = new LinkedHashMap<>();
        json.fields().forEachRemaining(field -> {
            if (!ENVELOPE.contains(field.getKey()) && !flagKeys.contains(field.getKey())) {
                output.put(field.getKey(), JSON.convertValue(field.getValue(), Object.class));
            }
        });
        List<ToolDetail> details = new ArrayList<>();
        for (Map<String, Object> detail : map(json.path("tool_details"), new TypeReference<List<Map<String, Object>>>() { }, List.of())) {
            details.add(ToolDetail.fromMap(detail));
        }
        Map<NodeRole, String> models = new EnumMap<>(NodeRole.class);
        Map<String, String> byId = map(json.path("models"), new TypeReference<>() { }, Map.of());
        for (NodeRole role : NodeRole.values()) {
            if (byId.containsKey(role.id())) {
                models.put(role, byId.get(role.id()));
            }
        }
        Map<String, PromptFile> prompts = new LinkedHashMap<>();
        json.path("prompts").fields().forEachRemaining(field -> prompts.put(field.getKey(),
                new PromptFile(field.getValue().path("file").asText(null), field.getValue().path("sha256").asText(null))));
        return new AnalysisResult(json.path("thread_id").asText(null), json.path("graph").asText(null),
                ImageSummary.fromMap(map(json.path("image"), new TypeReference<Map<String, Object>>() { }, Map.of())), output, label,
                json.path("visual_description").asText(null), json.path("raw_text").asText(null),
                map(json.path("tool_usage"), new TypeReference<>() { }, Map.of()), details,
                Timings.fromMap(map(json.path("timings"), new TypeReference<Map<String, Double>>() { }, Map.of())),
                Usage.fromMap(map(json.path("token_usage"), new TypeReference<Map<String, Object>>() { }, Map.of())),
                models, flags, prompts, map(json.path("cost_usd"), new TypeReference<>() { }, Map.of()));
    }

    private static <T> T map(JsonNode node, TypeReference<T> type, T none) {
        return node.isMissingNode() || node.isNull() ? none : JSON.convertValue(node, type);
    }
}
