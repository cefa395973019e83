package dev.loupe.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolAttempt;
import dev.loupe.tool.ToolStatus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One tool call of a run as its result reports it ({@code tool_details} in the JSON): which tool, in
 * which agent turn, how long it took and how it ended, with what it found, the fields of its data the
 * tool keeps for the user, its retries and the pictures it wrote.
 *
 * @param tool         the tool's name
 * @param turn         the agent turn that asked for it (0 for the calls made before the first turn)
 * @param seconds      how long the call took; 0 for a repeat answered from an earlier call
 * @param status       the result's {@link ToolStatus} wire name, or {@link #CACHED} for such a repeat
 * @param error        what went wrong, or null
 * @param findings     what the tool found, whole, as it stated them
 * @param data         the fields of the tool's data it keeps for the user ({@code detailFields}), or null
 * @param attempts     every attempt when the call was retried, else empty
 * @param artifacts    the pictures it wrote
 * @param resultSha256 the whole result's hash in the run's artefact store, or null when the run keeps none
 */
public record ToolDetail(String tool, int turn, double seconds, String status, String error, List<Finding> findings,
                         JsonNode data, List<ToolAttempt> attempts, List<ToolArtifact> artifacts, String resultSha256) {

    /** The status of a repeated call answered from an earlier identical one. */
    public static final String CACHED = "cached";

    private static final ObjectMapper JSON = new ObjectMapper();

    public ToolDetail {
        findings = List.copyOf(findings);
        attempts = List.copyOf(attempts);
        artifacts = List.copyOf(artifacts);
    }

    /** Whether the call failed (a repeat counts as the call it repeats, so it is never failed itself). */
    public boolean failed() {
        return ToolStatus.ERROR.wireName().equals(status);
    }

    /**
     * The detail as the graph state keeps it and the JSON shows it: plain values, optional keys only
     * when set. Its maps are hash maps, as the graph state's are once a checkpoint has copied it, so
     * results keep the key order they have always had.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new HashMap<>();
        map.put("tool", tool);
        map.put("turn", turn);
        map.put("seconds", seconds);
        map.put("status", status);
        map.put("error", error);
        if (!findings.isEmpty()) {
            List<Map<String, Object>> list = new ArrayList<>();
            for (Finding finding : findings) {
                Map<String, Object> entry = new HashMap<>();
                entry.put("code", finding.code());
                entry.put("detail", finding.detail());
                list.add(entry);
            }
            map.put("findings", list);
        }
        if (data != null) {
            map.put("data", JSON.convertValue(data, Map.class)); // plain maps: the graph state is checkpointed as JSON
        }
        if (!attempts.isEmpty()) {
            List<Map<String, Object>> list = new ArrayList<>();
            for (ToolAttempt attempt : attempts) {
                Map<String, Object> entry = new HashMap<>();
                entry.put("attempt", attempt.number());
                entry.put("status", attempt.status());
                entry.put("error", attempt.error());
                entry.put("seconds", attempt.seconds());
                list.add(entry);
            }
            map.put("attempts", list);
        }
        if (!artifacts.isEmpty()) {
            map.put("artifacts", artifacts.stream().map(ToolArtifact::toMap).toList());
        }
        if (resultSha256 != null) {
            map.put("result_sha256", resultSha256);
        }
        return map;
    }

    /** The detail the graph state or a stored result holds as a plain map ({@link #toMap()}'s shape). */
    public static ToolDetail fromMap(Map<?, ?> map) {
        List<Finding> findings = new ArrayList<>();
        for (Map<?, ?> entry : maps(map.get("findings"))) {
            findings.add(new Finding(String.valueOf(entry.get("code")), String.valueOf(entry.get("detail"))));
        }
        List<ToolAttempt> attempts = new ArrayList<>();
        for (Map<?, ?> entry : maps(map.get("attempts"))) {
            attempts.add(new ToolAttempt(number(entry.get("attempt")).intValue(), text(entry.get("status")),
                    text(entry.get("error")), number(entry.get("seconds")).doubleValue()));
        }
        List<ToolArtifact> artifacts = maps(map.get("artifacts")).stream().map(ToolArtifact::fromMap).toList();
        Object data = map.get("data");
        return new ToolDetail(String.valueOf(map.get("tool")), number(map.get("turn")).intValue(),
                number(map.get("seconds")).doubleValue(), text(map.get("status")), text(map.get("error")), findings,
                data == null ? null : JSON.valueToTree(data), attempts, artifacts, text(map.get("result_sha256")));
    }

    private static List<Map<?, ?>> maps(Object value) {
        List<Map<?, ?>> maps = new ArrayList<>();
        if (value instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Map<?, ?> map) {
                    maps.add(map);
                }
            }
        }
        return maps;
    }

    private static Number number(Object value) {
        return value instanceof Number n ? n : 0;
    }

    private static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }
}
