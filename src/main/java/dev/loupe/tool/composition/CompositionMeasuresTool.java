package dev.loupe.tool.composition;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.pixel.PixelSource;

/** {@code composition_measures}: the measurable side of a composition, for a critic to reason over. */
public final class CompositionMeasuresTool implements Tool {

    @Override
    public String name() {
        return "composition_measures";
    }

    @Override
    public String description() {
        return "Measures the composition of the image: subject (salient mass) position against the thirds grid and "
                + "centre (x, y as fractions from the top left; placement thirds|centre|off_grid|none; size as share of frame), "
                + "horizon (found, tilt_deg positive when rising to the right, y), balance (left_right and top_bottom from -1 "
                + "to 1, 0 even; symmetry 0-1), exposure (clip_dark, clip_bright shares; spread of tones 0-1), colour "
                + "(saturation, hue_spread 0-1), lines (share of horizontal/vertical/diagonal edges, leading diagonal lines and "
                + "how many point to the subject) and negative_space (quiet share of the frame). No arguments.";
    }

    @Override
    public String version() {
        return "1";
    }

    @Override
    public String argumentSchema() {
        return "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}";
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        CompositionMeasures measures = CompositionMeasures.of(PixelSource.of(context.image()));
        return ToolResult.ok(measures.toJson(), measures.findings());
    }
}
