package dev.loupe.tool.forensic.filtering;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ela.ErrorLevelHeatmap;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.TileGrid;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code filter_traces} tool: a region smoothed after capture (a median, box or Gaussian filter, a
 * healing brush) and contrast enhancement's peaks and gaps in the luminance histogram. One tool because
 * both read the same tiles of the shared luminance in one pass: up to {@link #MAX_COLUMNS} ×
 * {@link #MAX_ROWS} tiles of 64 pixels, or smaller tiles in a smaller picture ({@link #tileFor}).
 */
public final class FilteringTool implements Tool {

    static final int MAX_COLUMNS = 20;
    static final int MAX_ROWS = 15;

    private static final ToolDefinition DEFINITION = ToolDefinition.builder("filter_traces", "1.1.0")
            .description("Filtering traces: a region smoothed after capture (median, blur) and contrast enhancement's "
                + "histogram peaks and gaps.")
            .findingsOnly()
            .sharedDecode(CoefficientPass.SHARED)
            .build();

    @Override
    public ToolDefinition definition() {
        return DEFINITION;
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws IOException {
        PixelSource image;
        try {
            image = PixelSource.of(context.image());
        } catch (LoupeException e) {
            return ToolResult.error(e.getMessage());
        }
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
        List<String> artifacts = new ArrayList<>();
        if (context.artifactDir() != null) {
            Path file = context.artifactDir().resolve("filtering.png");
            ErrorLevelHeatmap.write(grid.map(reading.smoothness()), 1.5 * FilteringFindings.SMOOTHER, file);
            artifacts.add(file.toString());
        }
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
