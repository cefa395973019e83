package dev.loupe.graph;

import java.util.HashMap;
import java.util.Map;

/** The values prompt placeholders are filled from: {@code {{image.name}}}, {@code {{visual_description}}} … */
final class Placeholders {

    private Placeholders() {
    }

    static Map<String, String> of(AnalysisState state) {
        Map<String, String> values = new HashMap<>();
        state.image().forEach((key, value) -> values.put("image." + key, String.valueOf(value)));
        values.put("visual_description", state.visualDescription());
        // One line a prompt can always use, also in a run without an image (a prompt-only agent run).
        Map<String, Object> image = state.image();
        values.put("image.summary", image.isEmpty() ? "No image was given."
                : "Image: " + image.get("name") + " (" + image.get("width") + " x " + image.get("height") + " pixels, "
                + image.get("format") + ").");
        values.put("question", state.question() == null ? "" : state.question());
        // The user's question as a sentence of its own, or nothing: a prompt that is not about a
        // question (the forensic one) asks it only when there is one.
        values.put("question.asked", state.question() == null || state.question().isBlank() ? ""
                : "The user asks: " + state.question().strip());
        return values;
    }

    static Map<String, String> of(AnalysisState state, GraphSpec spec, String toolNames) {
        Map<String, String> values = of(state);
        values.put("max_iterations", spec.agent().maxIterations() == AgentSpec.NO_LIMIT ? "no limit" : String.valueOf(spec.agent().maxIterations()));
        values.put("tools", toolNames);
        values.put("graph", spec.name());
        return values;
    }
}
