package dev.loupe.tool.forensic.ela;

import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.OutlierRegions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.CoefficientDecoder;
import dev.loupe.image.jpeg.DecodeOutcome;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.jpeg.CoefficientSummary;
import dev.loupe.tool.forensic.jpeg.IjgQuality;
import dev.loupe.tool.forensic.jpeg.RequantizationError;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * The {@code ela} tool: error level analysis of the luminance at a chosen JPEG quality, computed
 * from the file's quantized DCT coefficients (see {@link RequantizationError}), with the error
 * map's statistics, its outlier regions and a heatmap.
 */
public final class ElaTool extends DefinedTool {

    static final int DEFAULT_QUALITY = 90;
    static final double DEFAULT_K = 3.0;
    static final int REGIONS_LISTED = 5;

    public ElaTool() {
        super(ToolDefinition.builder("ela", "1.0.0")
                .description("Error level analysis: regions whose re-compression error stands out (texture scores high too).")
                .arguments("""
                    {"type":"object","properties":{
                      "quality":{"type":"integer","minimum":50,"maximum":100,"default":90,
                                 "description":"re-compression quality"},
                      "k":{"type":"number","minimum":1,"maximum":10,"default":3,
                           "description":"outlier threshold in robust SDs"}},
                     "additionalProperties":false}""")
                .findingsOnly()
                .sharedDecode(CoefficientPass.SHARED)
                .build());
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws IOException {
        int quality = arguments != null && arguments.has("quality") ? arguments.get("quality").asInt() : DEFAULT_QUALITY;
        double k = arguments != null && arguments.has("k") ? arguments.get("k").asDouble() : DEFAULT_K;
        if (quality < 50 || quality > 100 || !(k >= 1 && k <= 10)) {
            return ToolResult.error("quality must be 50..100 and k 1..10");
        }
        LoadedImage image = context.image();
        if (!JpegStructureParser.looksLikeJpeg(image.bytes())) {
            return ToolResult.notApplicable("ELA needs a JPEG: this is " + image.format()
                    + ", which has no JPEG quantization history to measure");
        }
        JpegStructure structure = CoefficientPass.structure(image);
        Frame frame = structure.frame();
        if (frame == null || structure.quantTableOf(0).isEmpty()) {
            return ToolResult.error("the JPEG has no readable frame header or luminance table");
        }
        DecodeOutcome outcome;
        float[] errorLevels;
        if (quality == CoefficientPass.DEFAULT_ELA_QUALITY) {
            CoefficientSummary summary = CoefficientPass.of(image);
            outcome = summary.outcome();
            errorLevels = summary.errorLevels();
        } else {
            RequantizationError visitor = frame.coefficientsDecodable() && frame.width() > 0 && frame.height() > 0
                    && (long) frame.width() * frame.height() <= CoefficientDecoder.MAX_PIXELS
                    ? new RequantizationError(frame, structure.quantTableOf(0).get().natural(), IjgQuality.table(true, quality))
                    : null;
            outcome = CoefficientDecoder.decode(image.bytes(), structure, visitor == null ? (c, r, col, z) -> { } : visitor);
            errorLevels = visitor == null ? null : visitor.rms();
        }
        if (!outcome.decoded() || errorLevels == null) {
            return ToolResult.notApplicable("ELA works on the coefficients of 8-bit Huffman JPEGs: "
                    + (outcome.problems().isEmpty() ? "not decoded" : outcome.problems().get(0)));
        }
        if (outcome.mcusDecoded() == 0) {
            return ToolResult.error("no block could be decoded: " + String.join("; ", outcome.problems()));
        }
        int blockWidth = 8 * frame.maxH() / frame.components().get(0).h();
        int blockHeight = 8 * frame.maxV() / frame.components().get(0).v();
        ErrorLevelMap map = new ErrorLevelMap(frame.blocksAcross(0), frame.blocksDown(0), blockWidth, blockHeight,
                frame.width(), frame.height(), errorLevels);
        ErrorLevelStatistics statistics = ErrorLevelStatistics.of(map, k);
        List<OutlierRegion> regions = OutlierRegions.find(map, statistics.threshold());
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "ela-q" + quality + ".png",
                map, ErrorLevelHeatmap.top(statistics));
        return ToolResult.ok(data(quality, k, map, statistics, regions, outcome),
                ElaFindings.of(quality, statistics, regions), artifacts);
    }

    private static ObjectNode data(int quality, double k, ErrorLevelMap map, ErrorLevelStatistics statistics,
                                   List<OutlierRegion> regions, DecodeOutcome outcome) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("quality", quality).put("k", k);
        data.put("channel", "luminance");
        data.put("method", "dct_requantization");
        data.put("note", "RMS error per 8x8 luminance block from re-quantizing the file's coefficients at the IJG table "
                + "of this quality; equals pixel-domain ELA up to the 8-bit rounding and clamping of a real decode");
        data.put("block_cols", map.cols()).put("block_rows", map.rows()).put("blocks", statistics.blocks());
        data.put("mean", round(statistics.mean())).put("max", round(statistics.max())).put("cv", round(statistics.cv()));
        data.put("median", round(statistics.median())).put("mad", round(statistics.mad()));
        data.put("outlier_threshold", round(statistics.threshold()));
        data.put("outlier_blocks", statistics.outliers()).put("outlier_share", round(statistics.outlierShare()));
        data.put("outlier_regions", regions.size());
        ArrayNode list = data.putArray("largest_regions");
        regions.stream().limit(REGIONS_LISTED).forEach(r -> list.addObject().put("x", r.x()).put("y", r.y())
                .put("width", r.width()).put("height", r.height()).put("blocks", r.blocks())
                .put("mean_rms", round(r.meanRms())).put("fill", round(r.fill())));
        data.put("decode_complete", outcome.complete());
        if (!outcome.problems().isEmpty()) {
            data.put("decode_problem", outcome.problems().get(0));
        }
        return data;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    static String describe(OutlierRegion region) {
        return String.format(Locale.ROOT, "%dx%d px at (%d,%d), %d blocks", region.width(), region.height(),
                region.x(), region.y(), region.blocks());
    }
}
