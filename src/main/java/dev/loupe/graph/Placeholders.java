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
        values.put("question", state.question() == null ? "" : state.question());
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
