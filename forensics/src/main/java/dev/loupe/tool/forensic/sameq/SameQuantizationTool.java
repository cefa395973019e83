package dev.loupe.tool.forensic.sameq;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ela.ErrorLevelHeatmap;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficientTool;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficients;
import dev.loupe.tool.forensic.region.PixelBox;

import java.io.IOException;
import java.util.List;
import java.util.Locale;


/**
 * The {@code same_quantization} tool: whether the file was saved again with its own quantization
 * table (as a careful forger re-saving with the camera's tables does), and which region was not —
 * an area pasted, painted or smoothed before the last save was compressed once where the rest was
 * compressed twice. Counts what a same-table re-save moves in each block, against what a file
 * compressed once moves: for tables with a step of 1 from the shared pass against the
 * {@link RoundingModel}; for the others through a whole decode and encode against perturbed blocks of
 * the same file ({@link PerturbedResave}).
 */
public final class SameQuantizationTool extends RegionalCoefficientTool {

    /** Below this many expected moves per block (no step of 1 in the table) luminance rounding alone moves nothing to count. */
    static final double MIN_EXPECTED_PER_BLOCK = 0.02;

    public SameQuantizationTool() {
        super(ToolDefinition.builder("same_quantization", "1.2.0")
                .description("Same-table double JPEG compression (JPEG only): whether the file was saved again with its own "
                    + "quantization table, and the region compressed only once (edited before that save); with region, "
                    + "tests that box against the rest."),
                "same-table double compression needs a JPEG",
                "same-table double compression is read from the coefficients of 8-bit Huffman JPEGs", s -> s.resaves() != null);
    }

    @Override
    protected ToolResult analyze(ToolContext context, RegionalCoefficients input) throws IOException {
        double expected = RoundingModel.expectedChanges(input.luminanceTable());
        RatioScale scale = RatioScale.ROUNDING;
        byte[] changes = input.summary().resaves().changes();
        int spacing = input.summary().resaves().spacing();
        if (expected < MIN_EXPECTED_PER_BLOCK) {
            PerturbedResave.Measurement roundTrip = PerturbedResave.measure(context.image().bytes(), input.structure());
            if (roundTrip == null) {
                return ToolResult.notApplicable("the luminance table has no step of 1 (decoding's rounding alone moves "
                        + "nothing) and the file is not a baseline JPEG of 1 or 3 components with 8-bit tables that a "
                        + "whole re-save could be measured on");
            }
            scale = RatioScale.ROUND_TRIP;
            expected = roundTrip.expected();
            changes = roundTrip.changes();
            spacing = 2;
        }
        ResaveMap.Part whole = expected <= 0 ? null
                : ResaveMap.of(changes, spacing, BlockGeometry.of(input.frame()), expected).totals(null).inside();
        if (whole == null || whole.wanted() < scale.minExpected()) {
            return ToolResult.notApplicable(String.format(Locale.ROOT, "a file saved once with this table is expected "
                    + "to move only %.1f coefficients on a same-table re-save of its measurable blocks (unclipped, "
                    + "whole): too few to judge (%d needed)", whole == null ? 0 : whole.wanted(), scale.minExpected()));
        }
        ResaveMap map = ResaveMap.of(changes, spacing, BlockGeometry.of(input.frame()), expected);
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("method", scale.name()).put("expected_changes_per_block", round(expected)).put("measured_blocks", whole.blocks())
                .put("moved_coefficients", whole.moved()).put("resave_ratio", round(whole.ratio()))
                .put("blocks_measured", spacing == 1 ? "all" : "every other (checkerboard)").put("cell_pixels", map.cells().blockWidth());
        if (input.region().isPresent() && !scale.locates()) {
            data.put("region_tested", false); // the round trip does not locate: the whole file's verdict stands
        }
        Finding finding = input.region().isPresent() && scale.locates()
                ? regionLook(map, input.region().get(), data, scale)
                : wholeLook(map, whole.ratio(), data, scale);
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "same-q.png", map.asMap(), 1.5);
        return ToolResult.ok(data, List.of(finding), artifacts);
    }

    private static Finding wholeLook(ResaveMap map, double ratio, ObjectNode data, RatioScale scale) {
        CompressedOnceRegion largest = scale.locates() ? CompressedOnceRegion.largest(map, scale) : null;
        if (largest != null) {
            OutlierRegion group = largest.region();
            largest.box().writeTo(data.putObject("largest_region")).put("cells", group.blocks()).put("fill", round(group.fill()))
                    .put("ratio", round(largest.inside())).put("rest_ratio", round(largest.rest()))
                    .put("significance", Math.round(largest.significance() * 10) / 10.0);
            if (largest.compressedOnce(scale)) {
                return SameQuantizationFindings.singleCompressedRegion(largest, map.cells().blockWidth(), scale);
            }
        }
        if (ratio <= scale.resaved()) {
            return scale.locates() ? SameQuantizationFindings.resaved(ratio, scale) : SameQuantizationFindings.atFixedPoint(ratio);
        }
        return ratio >= scale.once() ? SameQuantizationFindings.firstGeneration(ratio) : SameQuantizationFindings.inconclusive(ratio, scale);
    }

    private static Finding regionLook(ResaveMap map, PixelBox box, ObjectNode data, RatioScale scale) {
        ResaveMap.Totals totals = map.totals(box);
        double inside = totals.inside().ratio();
        double rest = totals.outside().ratio();
        box.writeTo(data.putObject("region"));
        data.put("region_ratio", Double.isNaN(inside) ? null : round(inside)).put("rest_ratio", round(rest));
        boolean measurable = totals.inside().wanted() >= scale.minExpected();
        return SameQuantizationFindings.regionLook(box, new SameQuantizationFindings.RegionRatios(inside, rest, measurable), scale);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
