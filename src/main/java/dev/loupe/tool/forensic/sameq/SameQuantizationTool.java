package dev.loupe.tool.forensic.sameq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ela.ErrorLevelHeatmap;
import dev.loupe.tool.forensic.ela.OutlierRegion;
import dev.loupe.tool.forensic.ela.OutlierRegions;
import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficients;
import dev.loupe.tool.forensic.jpeg.ResaveChanges;
import dev.loupe.tool.forensic.pixel.PixelBox;
import dev.loupe.tool.forensic.pixel.RegionArgument;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.loupe.tool.forensic.sameq.SameQuantizationFindings.CELL_ONCE;
import static dev.loupe.tool.forensic.sameq.SameQuantizationFindings.MAX_SHARE;
import static dev.loupe.tool.forensic.sameq.SameQuantizationFindings.MIN_FILL;
import static dev.loupe.tool.forensic.sameq.SameQuantizationFindings.MIN_REGION_CELLS;
import static dev.loupe.tool.forensic.sameq.SameQuantizationFindings.ONCE;
import static dev.loupe.tool.forensic.sameq.SameQuantizationFindings.RESAVED;

/**
 * The {@code same_quantization} tool: whether the file was saved again with its own quantization
 * table (as a careful forger re-saving with the camera's tables does), and which region was not —
 * an area pasted, painted or smoothed before the last save was compressed once where the rest was
 * compressed twice. Counts what a same-table re-save moves in each block (from the shared pass),
 * against the rounding model's expectation for a file compressed once.
 */
public final class SameQuantizationTool implements Tool {

    /** Below this many expected moves per block (no step of 1 in the table) rounding moves nothing to count. */
    static final double MIN_EXPECTED_PER_BLOCK = 0.02;
    /** The whole file must be expected to move at least this many coefficients to be judged. */
    static final int MIN_EXPECTED_TOTAL = 100;

    @Override
    public String name() {
        return "same_quantization";
    }

    @Override
    public String description() {
        return "Same-table double JPEG compression (JPEG only): whether the file was saved again with its own "
                + "quantization table, and the region compressed only once (edited before that save); with region, "
                + "tests that box against the rest.";
    }

    @Override
    public String version() {
        return "1.0.0";
    }

    @Override
    public String argumentSchema() {
        return RegionArgument.TOOL_SCHEMA;
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws IOException {
        RegionalCoefficients input = RegionalCoefficients.read(context.image(), arguments,
                "same-table double compression needs a JPEG",
                "same-table double compression is read from the coefficients of 8-bit Huffman JPEGs", s -> s.resaves() != null);
        if (input.refusal() != null) {
            return input.refusal();
        }
        double expected = RoundingModel.expectedChanges(input.luminanceTable());
        if (expected < MIN_EXPECTED_PER_BLOCK) {
            return ToolResult.notApplicable(String.format(Locale.ROOT, "the luminance table has no step of 1 (a block "
                    + "compressed once is expected to move %.4f coefficients on a re-save): decoding's rounding moves "
                    + "nothing, so a second save with the same table leaves no trace to count", expected));
        }
        ResaveChanges resaves = input.summary().resaves();
        ResaveMap map = ResaveMap.of(resaves, BlockGeometry.of(input.frame()), expected);
        ResaveMap.Part whole = map.totals(null).inside();
        if (whole.wanted() < MIN_EXPECTED_TOTAL) {
            return ToolResult.notApplicable(String.format(Locale.ROOT, "only %d blocks have the texture to measure "
                    + "(unclipped, %d or more AC coefficients): too few to judge a re-save", whole.blocks(), ResaveChanges.MIN_AC));
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("expected_changes_per_block", round(expected)).put("measured_blocks", whole.blocks())
                .put("moved_coefficients", whole.moved()).put("resave_ratio", round(whole.ratio()))
                .put("blocks_measured", resaves.spacing() == 1 ? "all" : "every other (checkerboard)").put("cell_pixels", map.cells().blockWidth());
        Finding finding = input.region().isPresent()
                ? regionLook(map, input.region().get(), data)
                : wholeLook(map, whole.ratio(), data);
        List<String> artifacts = new ArrayList<>();
        if (context.artifactDir() != null) {
            Path file = context.artifactDir().resolve("same-q.png");
            ErrorLevelHeatmap.write(map.asMap(), 1.5, file);
            artifacts.add(file.toString());
        }
        return ToolResult.ok(data, List.of(finding), artifacts);
    }

    private static Finding wholeLook(ResaveMap map, double ratio, ObjectNode data) {
        List<OutlierRegion> found = OutlierRegions.find(map.asMap(), CELL_ONCE);
        int measuredCells = 0;
        for (float r : map.ratios()) {
            measuredCells += Float.isNaN(r) ? 0 : 1;
        }
        OutlierRegion largest = found.isEmpty() ? null : found.get(0);
        if (largest != null) {
            PixelBox box = new PixelBox(largest.x(), largest.y(), largest.width(), largest.height());
            ResaveMap.Totals totals = map.totals(box);
            double inside = totals.inside().ratio();
            double rest = totals.outside().ratio();
            box.writeTo(data.putObject("largest_region")).put("cells", largest.blocks()).put("fill", round(largest.fill()))
                    .put("ratio", round(inside)).put("rest_ratio", round(rest));
            if (largest.blocks() >= MIN_REGION_CELLS && largest.fill() >= MIN_FILL
                    && largest.blocks() <= MAX_SHARE * measuredCells
                    && inside >= SameQuantizationFindings.requiredRatio(largest.blocks()) && rest <= RESAVED) {
                return SameQuantizationFindings.singleCompressedRegion(largest, inside, rest, map.cells().blockWidth());
            }
        }
        if (ratio <= RESAVED) {
            return SameQuantizationFindings.resaved(ratio);
        }
        return ratio >= ONCE ? SameQuantizationFindings.firstGeneration(ratio) : SameQuantizationFindings.inconclusive(ratio);
    }

    private static Finding regionLook(ResaveMap map, PixelBox box, ObjectNode data) {
        ResaveMap.Totals totals = map.totals(box);
        double inside = totals.inside().ratio();
        double rest = totals.outside().ratio();
        box.writeTo(data.putObject("region"));
        data.put("region_ratio", Double.isNaN(inside) ? null : round(inside)).put("rest_ratio", round(rest));
        boolean measurable = totals.inside().wanted() >= SameQuantizationFindings.REGION_MINIMUM;
        return SameQuantizationFindings.regionLook(box, new SameQuantizationFindings.RegionRatios(inside, rest, measurable));
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
