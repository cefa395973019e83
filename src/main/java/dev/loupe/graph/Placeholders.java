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
        values.put("request", state.request());
        return values;
    }

    static Map<String, String> of(AnalysisState state, GraphSpec spec, String toolNames) {
        Map<String, String> values = of(state);
        values.put("max_iterations", String.valueOf(spec.maxIterations()));
        values.put("tools", toolNames);
        values.put("graph", spec.name());
        return values;
    }
}
