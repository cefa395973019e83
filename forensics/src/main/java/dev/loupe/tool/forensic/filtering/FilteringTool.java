package dev.loupe.tool.forensic.filtering;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * The {@code filter_traces} tool: a region smoothed after capture (a median, box or Gaussian filter, a
 * healing brush) and contrast enhancement's peaks and gaps in the luminance histogram. One tool because
 * both read the same tiles of the shared luminance in one pass: up to {@link #MAX_COLUMNS} ×
 * {@link #MAX_ROWS} tiles of 64 pixels, or smaller tiles in a smaller picture ({@link #tileFor}).
 */
public final class FilteringTool extends PixelTool {

    static final int MAX_COLUMNS = 20;
    static final int MAX_ROWS = 15;

    public FilteringTool() {
        super(ToolDefinition.builder("filter_traces", "1.2.0")
                .description("Filtering traces: a region smoothed after capture (median, blur) and contrast enhancement's "
                    + "histogram peaks and gaps.")
                .findingsOnly());
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource image) throws IOException {
        TileGrid grid = TileGrid.over(image.width(), image.height(), tileFor(image.width(), image.height()), TileTexture.MARGIN,
                MAX_COLUMNS, MAX_ROWS);
        if (grid == null) {
            return ToolResult.notApplicable("image of " + image.width() + "x" + image.height()
                    + " pixels is too small for two tiles of " + (TileTexture.MIN_TILE + 2 * TileTexture.MARGIN) + " pixels across and down");
        }
        TileTexture texture = TileTexture.measure(image, grid);
        FilteringFindings.Reading reading = FilteringFindings.read(texture, HistogramTraces.greenHistogram(image));
        if (reading.textured() < FilteringFindings.MIN_TEXTURED) {
            return ToolResult.notApplicable("only " + reading.textured() + " of " + grid.cells()
                    + " tiles have the detail to show smoothing (the rest is flat)");
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        reading.writeTo(data);
        data.put("tile_pixels", grid.tile());
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "filtering.png",
                grid.map(reading.smoothness()), 1.5 * FilteringFindings.SMOOTHER);
        return ToolResult.ok(data, reading.findings(), artifacts);
    }

    /**
     * The tile side for a picture: {@value TileTexture#TILE} pixels where the picture holds
     * {@link #MAX_COLUMNS} × {@link #MAX_ROWS} cells of that size, else the largest multiple of 8 that
     * still gives that grid, down to {@value TileTexture#MIN_TILE}. The region thresholds were set on
     * 20 × 15 grids; with 64-pixel tiles a 640 × 480 picture had 9 × 7 of them, so a retouch of a
     * fifth of each side (128 × 96 pixels) touched at most four tiles, fewer than a region needs: any
     * local smoothing in a picture under about 1360 × 1020 went unseen. Sized to the grid, every
     * picture is read on the same grid, and a large picture exactly as before.
     */
    static int tileFor(int width, int height) {
        int side = Math.min(width / MAX_COLUMNS, height / MAX_ROWS) - 2 * TileTexture.MARGIN;
        return Math.max(TileTexture.MIN_TILE, Math.min(TileTexture.TILE, side / 8 * 8));
    }
}
