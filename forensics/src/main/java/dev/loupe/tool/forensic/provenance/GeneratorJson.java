package dev.loupe.tool.forensic.provenance;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the settings out of the JSON generators store: a ComfyUI API prompt (nodes keyed by id,
 * each with {@code class_type} and {@code inputs}) and NovelAI's {@code Comment} (flat settings).
 */
final class GeneratorJson {

    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build()).build());
    private static final int MAX_NODES = 2000;
    private static final Set<String> COMFY_INPUTS = Set.of("ckpt_name", "unet_name", "seed", "noise_seed", "steps",
            "cfg", "sampler_name", "scheduler", "denoise", "width", "height", "lora_name");
    private static final Set<String> NOVELAI_FIELDS = Set.of("steps", "sampler", "seed", "scale", "strength",
            "noise", "width", "height", "uc", "request_type");

    private GeneratorJson() {
    }

    /** The model, sampler and seed settings of a ComfyUI prompt, and the node types it uses. */
    static Optional<Map<String, String>> comfyUiPrompt(String text) {
        Optional<JsonNode> root = parse(text);
        if (root.isEmpty() || !root.get().isObject()) {
            return Optional.empty();
        }
        Map<String, String> settings = new LinkedHashMap<>();
        Set<String> classTypes = new LinkedHashSet<>();
        int nodes = 0;
        for (JsonNode node : root.get()) {
            if (++nodes > MAX_NODES) {
                break;
            }
            String classType = node.path("class_type").asText("");
            if (!classType.isEmpty()) {
                classTypes.add(classType);
            }
            node.path("inputs").fields().forEachRemaining(input -> {
                if (COMFY_INPUTS.contains(input.getKey()) && input.getValue().isValueNode()) {
                    settings.putIfAbsent(input.getKey(), input.getValue().asText());
                }
            });
        }
        if (classTypes.isEmpty()) {
            return Optional.empty();
        }
        settings.put("node_types", String.join(", ", classTypes.stream().limit(40).toList()));
        return Optional.of(settings);
    }

    /** NovelAI's settings from its Comment JSON. */
    static Optional<Map<String, String>> novelAiComment(String text) {
        Optional<JsonNode> root = parse(text);
        if (root.isEmpty() || !root.get().isObject()) {
            return Optional.empty();
        }
        Map<String, String> settings = new LinkedHashMap<>();
        root.get().fields().forEachRemaining(field -> {
            if (NOVELAI_FIELDS.contains(field.getKey()) && field.getValue().isValueNode()) {
                settings.put(field.getKey(), AiMarkerScanner.excerpt(field.getValue().asText()));
            }
        });
        String prompt = root.get().path("prompt").asText("");
        if (!prompt.isEmpty()) {
            settings.put("prompt", AiMarkerScanner.excerpt(prompt));
        }
        return settings.isEmpty() ? Optional.empty() : Optional.of(settings);
    }

    private static Optional<JsonNode> parse(String text) {
        try {
            return Optional.ofNullable(JSON.readTree(text));
        } catch (Exception e) { // any malformed JSON simply carries no settings we can read
            return Optional.empty();
        }
    }
}
