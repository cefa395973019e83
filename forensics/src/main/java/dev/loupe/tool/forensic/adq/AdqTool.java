package dev.loupe.tool.forensic.adq;

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
import dev.loupe.tool.forensic.jpeg.CoefficientHistograms;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.jpeg.CoefficientSummary;
import dev.loupe.tool.forensic.jpeg.DoubleCompressionDetector;
import dev.loupe.tool.forensic.jpeg.DoubleCompressionEvidence;
import dev.loupe.tool.forensic.jpeg.LowFrequencyCoefficients;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficientTool;
import dev.loupe.tool.forensic.jpeg.RegionalCoefficients;
import dev.loupe.tool.forensic.region.PixelBox;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code adq} tool: a per-block likelihood map of single against aligned double JPEG compression,
 * from the low-frequency coefficients the shared coefficient pass kept, with the region of blocks
 * compressed only once located and sized; with a region argument, that box against the rest.
 */
public final class AdqTool extends RegionalCoefficientTool {

    public AdqTool() {
        super(ToolDefinition.builder("adq", "1.2.0")
                .description("Double quantization: blocks compressed once in a twice-compressed file; region: test that box.")
                .findingsOnly()
                .sharedDecode(CoefficientPass.SHARED),
                "double quantization needs a JPEG",
                "double quantization is read from the coefficients of 8-bit Huffman JPEGs", s -> s.lowFrequencies() != null);
    }

    @Override
    protected ToolResult analyze(ToolContext context, RegionalCoefficients input) throws IOException {
        Frame frame = input.frame();
        Optional<PixelBox> region = input.region();
        CoefficientSummary summary = input.summary();
        int[] table = input.luminanceTable();
        DoubleCompressionEvidence evidence = DoubleCompressionDetector.analyze(summary.histograms(), table);
        DoubleQuantizationModel model = DoubleQuantizationModel.of(context.image(), input);
        BlockGeometry grid = BlockGeometry.of(frame);
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("comb_score", round(evidence.score())).put("double_quantized", model.usable());
        ArrayNode used = data.putArray("positions");
        model.positions().forEach(p -> used.addObject().put("zigzag", p.zigzagIndex()).put("first_step", p.firstStep())
                .put("step", p.step()));
        float[] map = model.usable() ? LikelihoodMap.of(model, summary.lowFrequencies(), grid) : null;
        Finding finding;
        if (region.isPresent()) {
            finding = regionLook(region.get(), map, summary.lowFrequencies(), grid, table, data);
        } else if (map == null) {
            finding = AdqFindings.noDoubleQuantization(evidence.score());
        } else {
            List<OutlierRegion> found = OutlierRegions.find(asMap(map, grid), AdqFindings.SINGLE_LOG_RATIO);
            int single = 0;
            int measured = 0;
            for (float v : map) {
                measured += Float.isNaN(v) ? 0 : 1;
                single += v > AdqFindings.SINGLE_LOG_RATIO ? 1 : 0;
            }
            double share = measured == 0 ? 0 : (double) single / measured;
            data.put("single_share", round(share));
            OutlierRegion largest = found.isEmpty() ? null : found.get(0);
            if (largest != null) {
                data.putObject("largest_region").put("x", largest.x()).put("y", largest.y()).put("width", largest.width())
                        .put("height", largest.height()).put("blocks", largest.blocks()).put("fill", round(largest.fill()))
                        .put("mean_log_ratio", round(largest.meanRms()));
            }
            finding = AdqFindings.whole(largest, share, comb(model));
        }
        List<Finding> findings = new ArrayList<>(List.of(finding));
        if (region.isEmpty()) {
            firstCompression(summary, grid, table, data).ifPresent(findings::add);
        }
        List<String> artifacts = map == null ? List.of() : ErrorLevelHeatmap.artifact(context, "adq.png",
                asMap(map, grid), 2 * AdqFindings.SINGLE_LOG_RATIO);
        return ToolResult.ok(data, findings, artifacts);
    }

    /**
     * The calibrated test ({@link CalibratedLogRatios}, {@link MissingCompressionRegion}) on a baseline
     * file with 8×8 luminance blocks; writes what it measured and returns its finding, if it fires.
     */
    private static Optional<Finding> firstCompression(CoefficientSummary summary, BlockGeometry grid, int[] table,
                                                      ObjectNode data) {
        if (summary.planes() == null || grid.blockWidth() != 8 || grid.blockHeight() != 8) {
            return Optional.empty();
        }
        CalibratedLogRatios ratios = CalibratedLogRatios.of(summary.lowFrequencies(), summary.planes(), grid, table);
        ObjectNode out = data.putObject("first_compression").put("positions", ratios == null ? 0 : ratios.positions());
        if (ratios == null) {
            return Optional.empty();
        }
        MissingCompressionRegion found = MissingCompressionRegion.of(ratios, summary.lowFrequencies(), grid);
        out.put("cell_pixels", 8 * found.cellBlocks()).put("median_log_ratio", round(found.median()))
                .put("measured_cells", found.measured());
        OutlierRegion r = found.largest();
        if (r != null) {
            out.putObject("largest_region").put("x", r.x()).put("y", r.y()).put("width", r.width()).put("height", r.height())
                    .put("cells", r.blocks()).put("share", round(found.share())).put("mean_log_ratio", round(r.meanRms()));
        }
        return AdqFindings.missingCompression(found);
    }

    /** The region's mean log-ratio and its own histograms' verdict, against the rest's. */
    private static Finding regionLook(PixelBox box, float[] map, LowFrequencyCoefficients coefficients, BlockGeometry grid,
                                      int[] table, ObjectNode data) {
        CoefficientHistograms inside = new CoefficientHistograms(LowFrequencyCoefficients.POSITIONS);
        CoefficientHistograms outside = new CoefficientHistograms(LowFrequencyCoefficients.POSITIONS);
        double[] sums = new double[4];
        int[] zigzag = new int[64];
        for (int row = 0; row < grid.rows(); row++) {
            for (int col = 0; col < grid.cols(); col++) {
                int b = row * grid.cols() + col;
                if (!coefficients.decoded(b)) {
                    continue;
                }
                boolean in = grid.inside(row, col, box.x(), box.y(), box.width(), box.height());
                for (int p = 1; p <= LowFrequencyCoefficients.POSITIONS; p++) {
                    zigzag[p] = coefficients.at(b, p);
                }
                (in ? inside : outside).block(0, row, col, zigzag);
                if (map != null && !Float.isNaN(map[b])) {
                    sums[in ? 0 : 2] += map[b] / 9.0; // per block, not per neighbourhood
                    sums[in ? 1 : 3]++;
                }
            }
        }
        String insideHistory = history(DoubleCompressionDetector.analyze(inside, table));
        String outsideHistory = history(DoubleCompressionDetector.analyze(outside, table));
        double in = sums[1] == 0 ? Double.NaN : sums[0] / sums[1];
        double out = sums[3] == 0 ? 0 : sums[2] / sums[3];
        data.putObject("region").put("x", box.x()).put("y", box.y()).put("width", box.width()).put("height", box.height());
        data.put("region_history", insideHistory).put("rest_history", outsideHistory);
        data.put("region_mean_log_ratio", Double.isNaN(in) ? null : round(in)).put("rest_mean_log_ratio", round(out));
        return AdqFindings.region(box, in, out, insideHistory, outsideHistory);
    }

    private static String history(DoubleCompressionEvidence evidence) {
        if (evidence.positions().size() < 2) {
            return "unknown";
        }
        return evidence.detected() ? "compressed twice" : "compressed once";
    }

    private static String comb(DoubleQuantizationModel model) {
        DoubleQuantizationModel.Position first = model.positions().get(0);
        return String.format(Locale.ROOT, "step %d after an earlier %d at zig-zag %d", first.step(), first.firstStep(),
                first.zigzagIndex());
    }

    private static ErrorLevelMap asMap(float[] values, BlockGeometry grid) {
        return new ErrorLevelMap(grid.cols(), grid.rows(), grid.blockWidth(), grid.blockHeight(), grid.imageWidth(),
                grid.imageHeight(), values);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
