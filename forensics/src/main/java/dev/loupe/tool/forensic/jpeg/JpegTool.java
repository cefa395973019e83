package dev.loupe.tool.forensic.jpeg;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.image.jpeg.QuantizationTable;
import dev.loupe.image.jpeg.SegmentNames;
import dev.loupe.image.jpeg.Subsampling;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;


/**
 * The {@code jpeg} tool: quantization tables and the IJG quality they imply, subsampling, coding,
 * the segment inventory, and a double-compression indicator from DCT coefficient histograms.
 */
public final class JpegTool extends DefinedTool {

    /** Segments listed in the data; the count says how many there were. */
    static final int MAX_LISTED_SEGMENTS = 64;

    public JpegTool() {
        super(ToolDefinition.builder("jpeg", "1.0.0")
                .description("JPEG encoding: quantization tables, quality, subsampling, double compression.")
                // What the findings do not already state (the tables' quality, progressive or optimized coding they do).
                .modelFields("chroma_subsampling", "double_compression.score", "structure_problems")
                .sharedDecode(CoefficientPass.SHARED)
                .build());
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        LoadedImage image = context.image();
        if (!JpegStructureParser.looksLikeJpeg(image.bytes())) {
            return ToolResult.notApplicable("the jpeg tool inspects JPEG files; this is " + image.format());
        }
        JpegAnalysis analysis = JpegAnalyzer.analyze(image);
        if (analysis.structure().frame() == null) {
            return ToolResult.error("the JPEG has no readable frame header: "
                    + String.join("; ", analysis.structure().problems()));
        }
        return ToolResult.ok(data(analysis, image.bytes()), JpegFindings.of(analysis, image.bytes()));
    }

    private static ObjectNode data(JpegAnalysis analysis, byte[] bytes) {
        JpegStructure structure = analysis.structure();
        Frame frame = structure.frame();
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("width", frame.width()).put("height", frame.height());
        data.put("coding", SegmentNames.markerName(frame.marker()) + (frame.progressive() ? " progressive" : " sequential"));
        data.put("progressive", frame.progressive());
        data.put("precision_bits", frame.precision());
        data.put("components", frame.components().size());
        data.put("chroma_subsampling", Subsampling.label(frame));
        ArrayNode sampling = data.putArray("sampling_factors");
        frame.components().forEach(c -> sampling.addObject().put("id", c.id()).put("h", c.h()).put("v", c.v())
                .put("quant_table", c.quantTableId()));
        data.put("restart_interval", structure.restartInterval());
        data.put("huffman_tables", analysis.huffman().wireName());
        QualityEstimate luma = analysis.luminanceQuality();
        if (luma != null) {
            data.put("ijg_quality", luma.quality());
        }
        data.put("standard_ijg_tables", analysis.standardIjgTables());
        SegmentLayout layout = SegmentLayout.of(structure);
        data.put("libjpeg_layout", layout.libjpeg());
        if (!layout.libjpeg()) {
            data.put("layout_departure", layout.departure());
        }
        ArrayNode tables = data.putArray("quantization_tables");
        analysis.qualityBySlot().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey()).forEach(entry -> {
            QuantizationTable table = structure.quantTables().get(entry.getKey());
            QualityEstimate estimate = entry.getValue();
            ObjectNode node = tables.addObject().put("slot", entry.getKey()).put("compared_with", estimate.basis())
                    .put("ijg_quality", estimate.quality()).put("ijg_exact", estimate.exact())
                    .put("mean_abs_difference", Math.round(estimate.meanAbsoluteError() * 100) / 100.0);
            ArrayNode values = node.putArray("natural_order");
            for (int v : table.natural()) {
                values.add(v);
            }
        });
        data.set("double_compression", doubleCompression(analysis));
        data.set("segments", segments(structure));
        ArrayNode comments = data.putArray("comments");
        structure.comments().forEach(comments::add);
        data.put("bytes_after_eoi", structure.trailingBytes());
        if (structure.trailingBytes() > 0) {
            data.put("after_eoi_looks_like", JpegFindings.trailingKind(bytes, structure.eoiOffset() + 2));
        }
        data.put("eoi_present", structure.eoiOffset() >= 0);
        ArrayNode problems = data.putArray("structure_problems");
        structure.problems().forEach(problems::add);
        analysis.decode().problems().forEach(problems::add);
        return data;
    }

    private static ObjectNode doubleCompression(JpegAnalysis analysis) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        DoubleCompressionEvidence evidence = analysis.doubleCompression();
        if (evidence == null) {
            return node.put("status", "not_applicable").put("reason", analysis.doubleCompressionReason());
        }
        node.put("status", "ok");
        node.put("score", Math.round(evidence.score() * 1000) / 1000.0);
        node.put("threshold", DoubleCompressionDetector.THRESHOLD);
        node.put("detected", evidence.detected());
        node.put("luminance_blocks", analysis.luminanceBlocks());
        ArrayNode positions = node.putArray("positions");
        for (PositionPeriodicity p : evidence.positions()) {
            ObjectNode position = positions.addObject().put("row", p.row()).put("col", p.col()).put("step", p.step())
                    .put("strength", Math.round(p.strength() * 1000) / 1000.0);
            if (p.strength() >= DoubleCompressionDetector.THRESHOLD && p.estimatedFirstStep() > 0) {
                position.put("estimated_first_step", p.estimatedFirstStep());
            }
        }
        return node;
    }

    private static ObjectNode segments(JpegStructure structure) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("count", structure.segments().size());
        ArrayNode list = node.putArray("list");
        structure.segments().stream().limit(MAX_LISTED_SEGMENTS).forEach(segment -> {
            ObjectNode entry = list.addObject().put("marker", segment.name()).put("offset", segment.offset())
                    .put("length", segment.length());
            if (segment.identifier() != null) {
                entry.put("identifier", segment.identifier());
            }
        });
        return node;
    }
}
