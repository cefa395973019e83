package dev.loupe.tool.forensic.resampling;

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
import dev.loupe.tool.forensic.pixel.TileGrid;

import java.io.IOException;
import java.util.List;

/**
 * The {@code resampling} tool: whether the picture, or a region of it, was scaled after capture (a
 * whole picture resized, a pasted region scaled to fit), from the periodic correlations interpolation
 * leaves between neighbouring pixels (Popescu &amp; Farid 2005, Kirchner's fast detector 2008). Reads
 * up to {@link #MAX_COLUMNS} × {@link #MAX_ROWS} tiles of 128 pixels of the shared luminance.
 */
public final class ResamplingTool extends PixelTool {

    static final int MAX_COLUMNS = 16;
    static final int MAX_ROWS = 12;

    public ResamplingTool() {
        super(ToolDefinition.builder("resampling", "1.0.0")
                .description("Resampling traces: whether the picture or a region of it was scaled after capture (periodic "
                    + "interpolation correlations), with the region and the period.")
                .findingsOnly());
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource image) throws IOException {
        TileGrid grid = TileGrid.over(image.width(), image.height(), PeriodicityMap.TILE, 1, MAX_COLUMNS, MAX_ROWS);
        if (grid == null) {
            return ToolResult.notApplicable("image of " + image.width() + "x" + image.height()
                    + " pixels is too small for two tiles of 130 pixels across and down");
        }
        PeriodicityMap map = PeriodicityMap.measure(image, grid);
        if (map.texturedCount() < ResamplingFindings.MIN_TEXTURED) {
            return ToolResult.notApplicable("only " + map.texturedCount() + " of " + grid.cells()
                    + " tiles have the detail to show interpolation (the rest is flat)");
        }
        ResamplingFindings.Reading reading = ResamplingFindings.read(map);
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        reading.writeTo(data);
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "resampling.png",
                grid.map(reading.tileScores()), 1.5 * ResamplingFindings.TILE_PEAK);
        List<Finding> findings = reading.findings();
        return ToolResult.ok(data, findings, artifacts);
    }
}
