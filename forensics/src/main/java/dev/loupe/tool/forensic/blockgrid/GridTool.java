package dev.loupe.tool.forensic.blockgrid;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ela.ErrorLevelHeatmap;
import dev.loupe.tool.forensic.pixel.CellBands;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.PixelTool;
import dev.loupe.tool.forensic.region.CellSmoothing;
import dev.loupe.tool.forensic.region.SuspectRegion;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code block_grid} tool: the frame's JPEG block grid and the region that keeps a second grid at
 * another phase (non-aligned double compression, {@link GridMap}); with a heatmap.
 */
public final class GridTool extends PixelTool {

    /** Below this excess of the frame's phase over the mean the picture holds no JPEG grid to read. */
    public static final double MIN_FRAME_STRENGTH = 0.08;
    /**
     * A second grid must stand this many spreads above the cells' median on average over its region: a
     * patch from another JPEG stands 14–28 spreads out in the tests' forgeries, texture with a period
     * near 8 pixels up to about 5.
     */
    static final double MIN_REGION_Z = 8;

    public GridTool() {
        super(ToolDefinition.builder("block_grid", "1.0.0")
                .description("Block-artifact grid: where the JPEG 8x8 grid sits, and a region with a second grid at another phase "
                        + "(pasted from another JPEG).")
                .findingsOnly());
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource source) throws IOException {
        GridMap map = GridMap.measure(source, CellBands.side(source.width(), source.height()));
        if (map == null) {
            return ToolResult.notApplicable("the picture is too small for 2x2 cells of pixel statistics");
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("method", "mean |first difference| across column and row boundaries by phase mod 8, per "
                + "cell; the strongest phase other than the frame's, in robust spreads");
        data.put("cell", CellBands.side(source.width(), source.height())).put("step", map.step()).put("frame_column_phase", map.frameColumn())
                .put("frame_row_phase", map.frameRow()).put("frame_strength", round(map.frameStrength()))
                .put("peak", round(CellSmoothing.peak(map.shifted())));
        // a second grid is evidence even where the last save's own grid is too faint to read (quality 95 and up)
        Optional<SuspectRegion> suspect = SuspectRegion.largest(map.shifted())
                .filter(s -> s.localized() && s.meanZ() >= MIN_REGION_Z);
        List<Finding> findings = new ArrayList<>();
        boolean grid = map.frameStrength() >= MIN_FRAME_STRENGTH;
        if (!grid && suspect.isEmpty()) {
            findings.add(new Finding("grid_absent", String.format(Locale.ROOT, "No JPEG block grid shows in the pixels "
                    + "(the strongest phase is %.0f%% above the mean): never compressed as a JPEG at this size, or "
                    + "resized since.", 100 * map.frameStrength())));
        } else if (grid && (map.frameColumn() != 0 || map.frameRow() != 0)) {
            findings.add(new Finding("grid_shifted_frame", String.format(Locale.ROOT, "The whole frame's JPEG grid sits at "
                    + "(%d, %d), not at the origin: the picture was cropped after its last JPEG compression.",
                    map.frameColumn(), map.frameRow())));
        }
        suspect.ifPresent(s -> {
            s.box().writeTo(data.putObject("region")).put("cells", s.region().blocks()).put("mean_z", round(s.meanZ()));
            findings.add(new Finding("grid_misaligned_region", String.format(Locale.ROOT, "The region %s (%d cells) "
                    + "carries a second JPEG grid at another phase (%.1f spreads above the cells' median): pasted from "
                    + "another JPEG.", s.box(), s.region().blocks(), s.meanZ())));
        });
        if (grid && suspect.isEmpty()) {
            findings.add(new Finding("grid_consistent", "The JPEG block grid is one and the same across the picture."));
        }
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "block-grid.png",
                map.shifted(), 2 * SuspectRegion.Z);
        return ToolResult.ok(data, findings, artifacts);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
