package dev.loupe.tool.forensic.ghost;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ela.ErrorLevelHeatmap;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.OutlierRegions;
import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.jpeg.CoefficientSummary;
import dev.loupe.tool.forensic.jpeg.GhostErrors;
import dev.loupe.tool.forensic.jpeg.IjgQuality;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficientTool;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficients;
import dev.loupe.tool.forensic.region.PixelBox;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The {@code jpeg_ghost} tool: re-quantizes the file's stored luminance coefficients at qualities 50…95
 * (below the file's own) and maps, per block, how much less error a quality leaves than usual; a
 * region saved before at another quality shows as a ghost at that quality. Costs no decode of its
 * own: the errors come from the shared coefficient pass.
 */
public final class GhostTool extends RegionalCoefficientTool {

    public GhostTool() {
        super(ToolDefinition.builder("jpeg_ghost", "1.0.0")
                .description("JPEG ghosts: a region saved before at lower quality; region: test that box.")
                .findingsOnly()
                .sharedDecode(CoefficientPass.SHARED),
                "JPEG ghosts need a JPEG", "JPEG ghosts work on the coefficients of 8-bit Huffman JPEGs", s -> s.ghosts() != null);
    }

    @Override
    protected ToolResult analyze(ToolContext context, RegionalCoefficients input) throws IOException {
        Frame frame = input.frame();
        Optional<PixelBox> region = input.region();
        CoefficientSummary summary = input.summary();
        int fileQuality = IjgQuality.estimate(input.luminanceTable(), true).quality();
        int usable = 0;
        while (usable < GhostErrors.COUNT && GhostErrors.quality(usable) <= fileQuality - GhostErrors.STEP) {
            usable++;
        }
        if (usable < 2) {
            return ToolResult.notApplicable("the file is saved at about quality " + fileQuality
                    + "; ghosts show only for earlier saves at lower qualities than the file's, and 50 is the lowest tested");
        }
        BlockGeometry blocks = BlockGeometry.of(frame);
        int cell = GhostMap.cellSize(blocks.blocks());
        BlockGeometry grid = blocks.coarsened(cell);
        int[] measurable = new int[1];
        float[][] ratios = GhostMap.ratios(GhostMap.aggregate(summary.ghosts(), blocks, cell), grid, usable, measurable);
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("file_quality_estimate", fileQuality).put("cell_pixels", grid.blockWidth())
                .put("measurable_cells", measurable[0]);
        ArrayNode tested = data.putArray("qualities_tested");
        for (int q = 0; q < usable; q++) {
            tested.add(GhostErrors.quality(q));
        }
        Finding finding;
        int shown;
        if (region.isPresent()) {
            shown = regionLook(ratios, grid, region.get(), data);
            finding = GhostFindings.region(region.get(), GhostErrors.quality(shown), data.get("region_ratio").asDouble(),
                    data.get("rest_ratio").asDouble());
        } else {
            shown = wholeLook(ratios, grid, measurable[0], data);
            OutlierRegion largest = regions(ratios[shown], grid).stream().findFirst().orElse(null);
            finding = GhostFindings.whole(GhostErrors.quality(shown), largest, data.get("ghost_share").asDouble(), cell);
        }
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "ghost-q" + GhostErrors.quality(shown) + ".png",
                strength(ratios[shown], grid), 1.0);
        return ToolResult.ok(data, List.of(finding), artifacts);
    }

    /** The quality whose ghostly region is largest; writes the region and the share of ghostly blocks. */
    private static int wholeLook(float[][] ratios, BlockGeometry grid, int measurable, ObjectNode data) {
        int best = 0;
        int bestBlocks = -1;
        for (int q = 0; q < ratios.length; q++) {
            List<OutlierRegion> found = regions(ratios[q], grid);
            int blocks = found.isEmpty() ? 0 : found.get(0).blocks();
            if (blocks > bestBlocks) {
                best = q;
                bestBlocks = blocks;
            }
        }
        int ghostly = 0;
        for (float v : ratios[best]) {
            ghostly += v < GhostFindings.GHOST_RATIO ? 1 : 0;
        }
        data.put("strongest_quality", GhostErrors.quality(best));
        data.put("ghost_share", round(measurable == 0 ? 0 : (double) ghostly / measurable));
        List<OutlierRegion> found = regions(ratios[best], grid);
        if (!found.isEmpty()) {
            OutlierRegion r = found.get(0);
            data.putObject("largest_region").put("x", r.x()).put("y", r.y()).put("width", r.width())
                    .put("height", r.height()).put("cells", r.blocks()).put("fill", round(r.fill()))
                    .put("mean_ratio", round(1 - r.meanRms()));
        }
        return best;
    }

    /** The quality at which the region's mean ratio is lowest against the rest's; writes both ratios. */
    private static int regionLook(float[][] ratios, BlockGeometry grid, PixelBox box, ObjectNode data) {
        int best = 0;
        double bestInside = Double.NaN;
        double bestOutside = Double.NaN;
        for (int q = 0; q < ratios.length; q++) {
            double[] sums = new double[4];
            for (int row = 0; row < grid.rows(); row++) {
                for (int col = 0; col < grid.cols(); col++) {
                    float v = ratios[q][row * grid.cols() + col];
                    if (Float.isNaN(v)) {
                        continue;
                    }
                    int side = grid.inside(row, col, box.x(), box.y(), box.width(), box.height()) ? 0 : 2;
                    sums[side] += v;
                    sums[side + 1]++;
                }
            }
            double inside = sums[1] == 0 ? Double.NaN : sums[0] / sums[1];
            double outside = sums[3] == 0 ? 1.0 : sums[2] / sums[3];
            if (!Double.isNaN(inside) && (Double.isNaN(bestInside) || inside / outside < bestInside / bestOutside)) {
                best = q;
                bestInside = inside;
                bestOutside = outside;
            }
        }
        data.putObject("region").put("x", box.x()).put("y", box.y()).put("width", box.width()).put("height", box.height());
        data.put("strongest_quality", GhostErrors.quality(best));
        data.put("region_ratio", round(Double.isNaN(bestInside) ? 1.0 : bestInside));
        data.put("rest_ratio", round(Double.isNaN(bestOutside) ? 1.0 : bestOutside));
        return best;
    }

    private static List<OutlierRegion> regions(float[] ratios, BlockGeometry grid) {
        return OutlierRegions.find(strength(ratios, grid), 1 - GhostFindings.GHOST_RATIO);
    }

    /** 1 − ratio, clamped at 0: high where a block re-quantizes better than usual. */
    private static ErrorLevelMap strength(float[] ratios, BlockGeometry grid) {
        float[] strength = new float[ratios.length];
        for (int b = 0; b < ratios.length; b++) {
            strength[b] = Float.isNaN(ratios[b]) ? Float.NaN : Math.max(0f, 1f - ratios[b]);
        }
        return new ErrorLevelMap(grid.cols(), grid.rows(), grid.blockWidth(), grid.blockHeight(), grid.imageWidth(),
                grid.imageHeight(), strength);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
