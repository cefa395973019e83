package dev.loupe.graph;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

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
        Map<String, Boolean> flags = new LinkedHashMap<>();
        for (RunFlag flag : RunFlag.values()) {
            if (json.has(flag.key())) {
                flags.put(flag.key(), json.get(flag.key()).asBoolean());
            }
        }
        Map<String, Object> output = new LinkedHashMap<>();
        json.fields().forEachRemaining(field -> {
            if (!ENVELOPE.contains(field.getKey()) && !flags.containsKey(field.getKey())) {
                output.put(field.getKey(), JSON.convertValue(field.getValue(), Object.class));
            }
        });
        return new AnalysisResult(json.path("thread_id").asText(null), json.path("graph").asText(null),
                map(json.path("image"), new TypeReference<>() { }), output, label,
                json.path("visual_description").asText(null), json.path("raw_text").asText(null),
                map(json.path("tool_usage"), new TypeReference<>() { }),
                json.path("tool_details").isArray() ? JSON.convertValue(json.get("tool_details"),
                        new TypeReference<List<Map<String, Object>>>() { }) : List.of(),
                map(json.path("timings"), new TypeReference<>() { }), map(json.path("token_usage"), new TypeReference<>() { }),
                map(json.path("models"), new TypeReference<>() { }), flags,
                map(json.path("prompts"), new TypeReference<>() { }), map(json.path("cost_usd"), new TypeReference<>() { }));
    }

    private static <T> T map(JsonNode node, TypeReference<T> type) {
        return node.isMissingNode() || node.isNull() ? JSON.convertValue(JSON.createObjectNode(), type) : JSON.convertValue(node, type);
    }
}
