package dev.loupe.graph;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A prompt a run used, as its result names it ({@code prompts} in the JSON, by role).
 *
 * @param file   the prompt's path under the graph's home ({@code prompts/forensic/agent.md})
 * @param sha256 the lower-case hex SHA-256 of the text the run read
 */
public record PromptFile(String file, String sha256) {

    /** The prompt as its JSON object: {@code file}, then {@code sha256}. */
    public Map<String, String> toMap() {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("file", file);
        map.put("sha256", sha256);
        return map;
    }
}
