package dev.loupe.graph;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.loupe.core.LoupeException;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;

import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a graph file ({@code graphs/<name>.yaml}) into a {@link GraphSpec}, with errors that name the key. */
public final class GraphSpecParser {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private GraphSpecParser() {
    }

    /** The graph named {@code graph} from {@code files}: {@code graphs/<graph>.yaml}. */
    public static GraphSpec load(GraphFiles files, String graph) {
        String path = "graphs/" + graph + ".yaml";
        return parse(files.read(path), files.describe(path));
    }

    public static GraphSpec parse(String yaml, String where) {
        Map<String, Object> root;
        try {
            root = YAML.readValue(yaml, new TypeReference<>() {});
        } catch (JsonProcessingException e) {
            throw LoupeException.badInput(where + ": not valid YAML (line " + e.getLocation().getLineNr() + ")");
        }
        if (root == null) {
            throw LoupeException.badInput(where + ": the graph file is empty");
        }
        String name = string(root, "name", null, where);
        if (name == null) {
            throw LoupeException.badInput(where + ": 'name' is required");
        }
        Map<String, Object> vision = map(root, "vision", where);
        Map<String, Object> toolsSection = map(root, "tool_execution", where);
        Map<String, Object> evaluation = map(root, "evaluation", where);
        try {
            return new GraphSpec(
                    name,
                    string(root, "description", "", where),
                    models(map(root, "models", where), where),
                    string(root, "fallback", null, where),
                    stringMap(map(root, "prompts", where)),
                    new VisionSpec(bool(vision, "enabled", true, where), integer(vision, "max_side", 2048, where),
                            string(vision, "detail", "low", where)),
                    new AgentSpec(bool(root, "use_tools", true, where), maxIterations(root, where),
                            bool(vision, "pass_image_to_agent", false, where), integer(root, "max_tokens_per_analysis", 0, where),
                            bool(root, "tools_first", false, where)),
                    new ToolsSpec(stringList(root, "tools", where),
                            Duration.ofMillis((long) (number(toolsSection, "timeout_seconds", 60, where) * 1000)),
                            integer(toolsSection, "parallelism", 4, where), ToolSetupSection.parse(root, where)),
                    new StructuringSpec(string(root, "schema", "graphs/" + name + ".schema.json", where),
                            map(root, "structuring", where)),
                    new PolicySpec(map(root, "policy", where)),
                    new EvaluationSpec(string(evaluation, "label", null, where), string(evaluation, "score", null, where),
                            string(evaluation, "positive", null, where)));
        } catch (LoupeException e) {
            throw LoupeException.badInput(where + ": " + e.getMessage());
        }
    }

    /** {@code max_iterations}: a number of model turns, or {@code none} for no limit of the graph's own. */
    private static int maxIterations(Map<String, Object> root, String where) {
        Object value = root.get("max_iterations");
        if (value instanceof String text && List.of("none", "unlimited", "no limit").contains(text.trim().toLowerCase(java.util.Locale.ROOT))) {
            return AgentSpec.NO_LIMIT;
        }
        int turns = integer(root, "max_iterations", 15, where);
        if (turns < 1) {
            throw LoupeException.badInput(where + ": max_iterations must be at least 1, or none, not " + turns);
        }
        return turns;
    }

    private static Map<NodeRole, ModelSpec> models(Map<String, Object> section, String where) {
        ModelSpec base = ModelSpec.offline().overriddenBy(map(section, "default", where));
        Map<NodeRole, ModelSpec> models = new EnumMap<>(NodeRole.class);
        for (NodeRole role : NodeRole.values()) {
            models.put(role, base.overriddenBy(map(section, role.id(), where)));
        }
        return models;
    }

    private static Map<String, Object> map(Map<String, Object> parent, String key, String where) {
        Object value = parent.get(key);
        if (value == null) {
            return Map.of();
        }
        if (value instanceof Map<?, ?> map) {
            return plain(map);
        }
        throw LoupeException.badInput(where + ": '" + key + "' must be a mapping");
    }

    /**
     * A section as the specs expect it: string keys, no null values ({@code key:} with nothing after
     * it means unset), nested alike. YAML allows {@code 1: x} and {@code key: ~}; the specs' immutable
     * copies refused them with a NullPointerException (found by fuzzing).
     */
    private static Map<String, Object> plain(Map<?, ?> map) {
        Map<String, Object> result = new LinkedHashMap<>();
        map.forEach((key, value) -> {
            if (key != null && value != null) {
                result.put(String.valueOf(key), plainValue(value));
            }
        });
        return result;
    }

    private static Object plainValue(Object value) {
        if (value instanceof Map<?, ?> map) {
            return plain(map);
        }
        if (value instanceof List<?> list) {
            return list.stream().filter(java.util.Objects::nonNull).map(GraphSpecParser::plainValue).toList();
        }
        return value;
    }

    private static Map<String, String> stringMap(Map<String, Object> section) {
        Map<String, String> result = new LinkedHashMap<>();
        section.forEach((k, v) -> result.put(k, String.valueOf(v)));
        return result;
    }

    private static List<String> stringList(Map<String, Object> parent, String key, String where) {
        Object value = parent.get(key);
        if (value == null) {
            return List.of();
        }
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        throw LoupeException.badInput(where + ": '" + key + "' must be a list");
    }

    private static String string(Map<String, Object> parent, String key, String fallback, String where) {
        Object value = parent.get(key);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Map || value instanceof List) {
            throw LoupeException.badInput(where + ": '" + key + "' must be a single value");
        }
        return String.valueOf(value);
    }

    private static int integer(Map<String, Object> parent, String key, int fallback, String where) {
        return (int) number(parent, key, fallback, where);
    }

    private static double number(Map<String, Object> parent, String key, double fallback, String where) {
        Object value = parent.get(key);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Number number) {
            return number.doubleValue();
        }
        throw LoupeException.badInput(where + ": '" + key + "' must be a number, not '" + value + "'");
    }

    private static boolean bool(Map<String, Object> parent, String key, boolean fallback, String where) {
        Object value = parent.get(key);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Boolean b) {
            return b;
        }
        throw LoupeException.badInput(where + ": '" + key + "' must be true or false, not '" + value + "'");
    }
}
