package dev.loupe.tool.forensic.filtering;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;
import dev.loupe.tool.SharedDecode;
import dev.loupe.tool.Tool;
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
import java.util.Optional;

/**
 * The {@code filter_traces} tool: a region smoothed after capture (a median, box or Gaussian filter, a
 * healing brush) and contrast enhancement's peaks and gaps in the luminance histogram. One tool because
 * both read the same tiles of the shared luminance in one pass: up to {@link #MAX_COLUMNS} ×
 * {@link #MAX_ROWS} tiles of 64 pixels.
 */
public final class FilteringTool implements Tool {

    static final int MAX_COLUMNS = 20;
    static final int MAX_ROWS = 15;

    @Override
    public String name() {
        return "filter_traces";
    }

    @Override
    public String description() {
        return "Filtering traces: a region smoothed after capture (median, blur) and contrast enhancement's "
                + "histogram peaks and gaps.";
    }

    @Override
    public String version() {
        return "1.0.0";
    }

    @Override
    public String argumentSchema() {
        return NO_ARGUMENTS;
    }

    /** The findings state the region, the ratios and the histogram's energy. */
    @Override
    public List<String> modelFields() {
        return List.of();
    }

    /** It reads the shared coefficient pass's luminance, which also gives the image sent to models. */
    @Override
    public Optional<SharedDecode> sharedDecode() {
        return Optional.of(CoefficientPass.SHARED);
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws IOException {
        PixelSource image;
        try {
            image = PixelSource.of(context.image());
        } catch (LoupeException e) {
            return ToolResult.error(e.getMessage());
        }
        TileGrid grid = TileGrid.over(image.width(), image.height(), TileTexture.TILE, TileTexture.MARGIN,
                MAX_COLUMNS, MAX_ROWS);
        if (grid == null) {
            return ToolResult.notApplicable("image of " + image.width() + "x" + image.height()
                    + " pixels is too small for two tiles of 68 pixels across and down");
        }
        TileTexture texture = TileTexture.measure(image, grid);
        FilteringFindings.Reading reading = FilteringFindings.read(texture, HistogramTraces.greenHistogram(image));
        if (reading.textured() < FilteringFindings.MIN_TEXTURED) {
            return ToolResult.notApplicable("only " + reading.textured() + " of " + grid.cells()
                    + " tiles have the detail to show smoothing (the rest is flat)");
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        reading.writeTo(data);
        List<String> artifacts = new ArrayList<>();
        if (context.artifactDir() != null) {
            Path file = context.artifactDir().resolve("filtering.png");
            ErrorLevelHeatmap.write(grid.map(reading.smoothness()), 1.5 * FilteringFindings.SMOOTHER, file);
            artifacts.add(file.toString());
        }
        return ToolResult.ok(data, reading.findings(), artifacts);
    }
}
