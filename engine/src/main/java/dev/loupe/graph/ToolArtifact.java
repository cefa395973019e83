package dev.loupe.graph;

import java.util.HashMap;
import java.util.Map;

/**
 * A picture a tool call wrote (an ELA heat map, say), as its {@link ToolDetail} lists it.
 *
 * @param path   where the tool wrote it
 * @param sha256 its hash in the run's artefact store, or null when the run keeps none
 * @param error  why it was not stored, or null
 */
public record ToolArtifact(String path, String sha256, String error) {

    /** The artefact as its JSON object: {@code path}, and {@code sha256} or {@code error} when set (a hash map, as {@link ToolDetail#toMap()}). */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new HashMap<>();
        map.put("path", path);
        if (sha256 != null) {
            map.put("sha256", sha256);
        }
        if (error != null) {
            map.put("error", error);
        }
        return map;
    }

    static ToolArtifact fromMap(Map<?, ?> map) {
        return new ToolArtifact(text(map.get("path")), text(map.get("sha256")), text(map.get("error")));
    }

    private static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }
}
