package dev.loupe.tool.composition;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.tool.SharedDecode;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.pixel.PixelSource;

import java.util.Optional;

/** {@code composition_measures}: the measurable side of a composition, for a critic to reason over. */
public final class CompositionMeasuresTool implements Tool {

    @Override
    public String name() {
        return "composition_measures";
    }

    /** A JPEG's pixels come from the shared coefficient pass, which also gives the image sent to models. */
    @Override
    public Optional<SharedDecode> sharedDecode() {
        return Optional.of(CoefficientPass.SHARED);
    }

    @Override
    public String description() {
        return "Measures the composition: subject (salient mass) x, y from top left and placement thirds|centre|off_grid|none, "
                + "size; horizon tilt_deg (+ rises to the right) and y; balance left_right, top_bottom (-1..1, 0 even), symmetry; "
                + "exposure clipping and tonal spread; colour saturation, hue_spread; edge directions and leading lines; "
                + "negative_space. No arguments.";
    }

    @Override
    public String version() {
        return "1";
    }

    @Override
    public String argumentSchema() {
        return NO_ARGUMENTS;
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        CompositionMeasures measures = CompositionMeasures.of(PixelSource.of(context.image()));
        return ToolResult.ok(measures.toJson(), measures.findings());
    }
}
