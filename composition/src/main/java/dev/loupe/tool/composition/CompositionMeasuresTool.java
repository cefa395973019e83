package dev.loupe.tool.composition;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.PixelTool;


/** {@code composition_measures}: the measurable side of a composition, for a critic to reason over. */
public final class CompositionMeasuresTool extends PixelTool {

    public CompositionMeasuresTool() {
        super(ToolDefinition.builder("composition_measures", "1")
                .description("Measures the composition: subject (the faces when there are any, else the salient mass; source says which) "
                    + "x, y from top left and placement thirds|centre|off_grid|none, size, or reason when none is found; horizon "
                    + "(a long level line with sky above it) tilt_deg (+ rises to the right) and y, or reason when none is found; balance left_right, top_bottom (-1..1, 0 even), symmetry; "
                    + "exposure clipping and tonal spread; colour saturation, hue_spread; edge directions and leading lines; "
                    + "negative_space. No arguments."));
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource pixels) {
        CompositionMeasures measures = CompositionMeasures.of(pixels, Faces.in(context.image().pixels()));
        return ToolResult.ok(measures.toJson(), measures.findings());
    }
}
