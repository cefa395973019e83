package dev.loupe.tool.forensic.residual;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ela.ErrorLevelHeatmap;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.PixelTool;
import dev.loupe.tool.forensic.region.CellSmoothing;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.PixelBox;
import dev.loupe.tool.forensic.region.SuspectRegion;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code noise_residual} tool: where the picture's high-pass residual departs from what cells of
 * the same brightness and texture show elsewhere ({@link ResidualMap}), as a region from another
 * camera, an inpainted or a smoothed one does; with a heatmap of the deviation.
 */
public final class ResidualTool extends PixelTool {

    public ResidualTool() {
        super(ToolDefinition.builder("noise_residual", "1.0.0")
                .description("Noise-residual inconsistency: a region whose high-pass residual differs from cells of the same "
                        + "brightness and texture (another camera, inpainting, smoothing).")
                .findingsOnly());
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource source) throws IOException {
        ResidualMap residual = ResidualMap.of(context.image(), source);
        if (residual == null) {
            return ToolResult.notApplicable("the picture is too small for 2x2 cells of residual statistics");
        }
        ErrorLevelMap suspicion = CellSmoothing.absolute(residual.cells());
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("method", "min(|horizontal|, |vertical| second difference) per cell, log, against the median of its "
                + "brightness x texture band, in MAD-scaled spreads");
        data.put("cell", residual.cells().blockWidth()).put("step", residual.step())
                .put("spread", round(residual.spread())).put("peak", round(CellSmoothing.peak(suspicion)));
        Optional<SuspectRegion> suspect = SuspectRegion.largest(suspicion);
        Finding finding = suspect.filter(SuspectRegion::localized)
                .map(s -> inconsistent(s, residual.cells(), data))
                .orElseGet(() -> new Finding("residual_consistent", String.format(Locale.ROOT,
                        "The noise residual is consistent with brightness and texture across the picture "
                                + "(no solid region beyond %.0f spreads).", SuspectRegion.Z)));
        suspect.ifPresent(s -> data.put("outlier_share", round(s.outlierShare())));
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "noise-residual.png",
                suspicion, 2 * SuspectRegion.Z);
        return ToolResult.ok(data, List.of(finding), artifacts);
    }

    private static Finding inconsistent(SuspectRegion suspect, ErrorLevelMap signed, ObjectNode data) {
        double sum = 0;
        int n = 0;
        PixelBox box = suspect.box();
        for (int r = 0; r < signed.rows(); r++) {
            for (int c = 0; c < signed.cols(); c++) {
                float v = signed.at(r, c);
                if (!Float.isNaN(v) && box.intersection(new PixelBox(
                        c * signed.blockWidth(), r * signed.blockHeight(), signed.blockWidth(), signed.blockHeight())) > 0) {
                    sum += v;
                    n++;
                }
            }
        }
        double mean = n == 0 ? 0 : sum / n;
        box.writeTo(data.putObject("region")).put("cells", suspect.region().blocks()).put("mean_z", round(mean));
        return new Finding("residual_inconsistent_region", String.format(Locale.ROOT,
                "The region %s (%d cells) has %s high-pass residual than cells of its brightness and texture "
                        + "(%.1f spreads on average): another source, or smoothed or painted there.",
                box, suspect.region().blocks(), mean < 0 ? "less" : "more", Math.abs(mean)));
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
