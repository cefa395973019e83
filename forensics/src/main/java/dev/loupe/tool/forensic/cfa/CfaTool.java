package dev.loupe.tool.forensic.cfa;

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
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code cfa} tool: the demosaicing trace of the luminance ({@link CfaMap}), whether the frame
 * has one, and the region where it breaks; with a heatmap of the shortfall.
 */
public final class CfaTool extends PixelTool {

    /**
     * The frame's lattice contrast must stand this many spreads from zero for the trace to count as
     * present; below it the map is read as noise and no region is called.
     */
    public static final double MIN_STRENGTH = 1.0;

    public CfaTool() {
        super(ToolDefinition.builder("cfa", "1.0.0")
                .description("Demosaicing (CFA) traces: whether the picture keeps a camera's 2x2 interpolation pattern, and a region "
                        + "where it breaks (pasted, resampled or painted).")
                .findingsOnly());
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource source) throws IOException {
        CfaMap map = CfaMap.measure(source, CellBands.side(source.width(), source.height()));
        if (map == null) {
            return ToolResult.notApplicable("the picture is too small for 2x2 cells of pixel statistics");
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("method", "log ratio of the 4-neighbour prediction error on the two quincunx lattices, per "
                + "cell of the luminance");
        data.put("cell", CellBands.side(source.width(), source.height())).put("step", map.step()).put("frame_contrast", round(map.frameContrast()))
                .put("spread", round(map.spread())).put("strength", round(map.strength()));
        boolean present = map.strength() >= MIN_STRENGTH;
        data.put("trace_present", present);
        Finding finding;
        if (!present) {
            finding = new Finding("cfa_trace_absent", String.format(Locale.ROOT, "No demosaicing trace at this size "
                    + "(lattice contrast %.2f, %.1f spreads from zero): the picture was resized, strongly compressed "
                    + "or never demosaiced.", map.frameContrast(), map.strength()));
        } else {
            data.put("peak", round(CellSmoothing.peak(map.deficit())));
            finding = SuspectRegion.largest(map.deficit()).filter(SuspectRegion::localized).map(s -> {
                s.box().writeTo(data.putObject("region")).put("cells", s.region().blocks()).put("mean_z", round(s.meanZ()));
                return new Finding("cfa_inconsistent_region", String.format(Locale.ROOT, "The demosaicing trace breaks "
                        + "in the region %s (%d cells, %.1f spreads short of the frame's): pasted, resampled or painted "
                        + "there.", s.box(), s.region().blocks(), s.meanZ()));
            }).orElseGet(() -> new Finding("cfa_consistent", String.format(Locale.ROOT, "The demosaicing trace "
                    + "(%.1f spreads) holds across the picture.", map.strength())));
        }
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "cfa.png", map.deficit(), 2 * SuspectRegion.Z);
        return ToolResult.ok(data, List.of(finding), artifacts);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
