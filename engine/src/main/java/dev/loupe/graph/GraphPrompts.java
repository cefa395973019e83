package dev.loupe.graph;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The prompt files of one graph, read when the graph is built: {@code vision}, {@code agent} (the
 * system prompt), {@code practice} (best practice appended to it), {@code task} (the agent's first
 * user message) and {@code structuring} (the repair request).
 */
public final class GraphPrompts {

    static final List<String> ROLES = List.of("vision", "agent", "practice", "task", "structuring");

    private final Map<String, PromptTemplate> templates;

    private GraphPrompts(Map<String, PromptTemplate> templates) {
        this.templates = templates;
    }

    public static GraphPrompts load(GraphFiles files, GraphSpec spec) {
        // The spec's map is unordered (its order changes from one JVM to the next); a result lists the
        // prompts in the roles' order, so two runs of one graph write the same JSON.
        Map<String, PromptTemplate> templates = new LinkedHashMap<>();
        spec.prompts().keySet().stream()
                .sorted(Comparator.comparingInt((String role) -> ROLES.contains(role) ? ROLES.indexOf(role) : ROLES.size())
                        .thenComparing(Comparator.naturalOrder()))
                .forEach(role -> templates.put(role, PromptTemplate.of(spec.prompts().get(role), files.read(spec.prompts().get(role)))));
        return new GraphPrompts(templates);
    }

    public Optional<PromptTemplate> get(String role) {
        return Optional.ofNullable(templates.get(role));
    }

    /** The filled prompt, or the empty string when the graph has none for {@code role}. */
    public String fill(String role, Map<String, String> values) {
        return get(role).map(t -> t.fill(values)).orElse("");
    }

    /** Each prompt by role, as a result names it. */
    public Map<String, PromptFile> files() {
        Map<String, PromptFile> result = new LinkedHashMap<>();
        templates.forEach((role, t) -> result.put(role, new PromptFile(t.path(), t.sha256())));
        return result;
    }
}
