package dev.loupe.tool.forensic.regionmap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
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
import dev.loupe.tool.forensic.region.SuspectRegion;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code region_map} tool: the combined suspicious-region map ({@link RegionMap}) as a heatmap,
 * its largest suspect region, and the map itself in the result's details ({@link MapCodec}) for the
 * page and for scoring against ground-truth masks.
 */
public final class RegionMapTool extends PixelTool {

    public RegionMapTool() {
        super(ToolDefinition.builder("region_map", "1.4.0")
                .description("One suspicious-region map combining the pixel techniques (noise residual, demosaicing trace, block "
                        + "grid, error levels, same-table re-save, aligned double quantization, JPEG ghost, the learned residual "
                        + "model, keypoint clones); names the region that stands out.")
                .findingsOnly()
                .detailFields("map", "region", "peak", "components"));
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource source) throws IOException {
        RegionMap map = RegionMap.of(context.image(), source, Weights.DEFAULT);
        if (map == null) {
            return ToolResult.notApplicable("the picture is too small for 2x2 cells of pixel statistics");
        }
        double threshold = Weights.DEFAULT.threshold();
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("method", "weighted mean of the components' robust z-scores per cell, each capped at " + RegionMap.CAP
                + ", error levels and noise residual times the frame's median texture over the cell's (at most 1) where a "
                + "component blind to edges is present");
        data.put("threshold", threshold).put("peak", round(map.peak()));
        ArrayNode components = data.putArray("components");
        map.components().forEach(c -> components.addObject().put("tool", c.name()).put("weight", c.weight())
                .put("peak", round(CellSmoothing.peak(c.suspicion()))));
        MapCodec.write(map.fused(), data.putObject("map"));
        Optional<SuspectRegion> suspect = SuspectRegion.largest(map.fused(), threshold).filter(SuspectRegion::localized);
        Finding finding = suspect.map(s -> {
            s.box().writeTo(data.putObject("region")).put("cells", s.region().blocks()).put("mean_z", round(s.meanZ()));
            return new Finding("region_map_suspect_region", String.format(Locale.ROOT, "The pixel techniques together set "
                    + "the region %s apart (%d cells, %.1f spreads on average; %s).", s.box(), s.region().blocks(),
                    s.meanZ(), names(map)));
        }).orElseGet(() -> new Finding("region_map_clear", String.format(Locale.ROOT, "No region stands out in the "
                + "combined pixel map (peak %.1f spreads; %s).", map.peak(), names(map))));
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "region-map.png", map.fused(), 2 * threshold);
        return ToolResult.ok(data, List.of(finding), artifacts);
    }

    private static String names(RegionMap map) {
        List<String> names = new ArrayList<>();
        map.components().forEach(c -> names.add(c.name()));
        return "from " + String.join(", ", names);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
