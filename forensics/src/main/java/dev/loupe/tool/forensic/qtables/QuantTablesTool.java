package dev.loupe.tool.forensic.qtables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.metadata.MetadataExtraction;

import java.util.List;
import java.util.Optional;

/**
 * The {@code quant_tables} tool: the file's quantization tables against those the reference saw
 * cameras of the EXIF's make write. A match is weak evidence for the camera; a library's tables
 * where the make's cameras write their own, or another make's tables, are evidence of a re-encode
 * that kept the EXIF.
 */
public final class QuantTablesTool extends DefinedTool {

    public QuantTablesTool() {
        super(ToolDefinition.builder("quant_tables", "1.1.0")
                .description("Whether the quantization tables are those the EXIF camera make writes.")
                .findingsOnly()
                .build());
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        LoadedImage image = context.image();
        if (!JpegStructureParser.looksLikeJpeg(image.bytes())) {
            return ToolResult.notApplicable("quantization tables belong to JPEGs: this is " + image.format());
        }
        JpegStructure structure = CoefficientPass.structure(image);
        if (structure.quantTableOf(0).isEmpty()) {
            return ToolResult.error("the JPEG has no luminance quantization table");
        }
        Optional<TableFacts> facts = TableFacts.of(structure, MetadataExtraction.of(image).exif());
        if (facts.isEmpty()) {
            return ToolResult.notApplicable("the file's EXIF names no camera make to compare its tables with");
        }
        TableFacts file = facts.get();
        TableReference reference = TableReference.bundled();
        List<TableReference.Row> ofMake = reference.ofMake(file.make());
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("make", file.make()).put("signature", file.signature()).put("ijg_quality", file.quality())
                .put("library_tables", file.library()).put("libjpeg_layout", file.libjpegLayout())
                .put("reference_rows_for_make", ofMake.size())
                .put("reference_rows", reference.rows().size());
        ArrayNode known = data.putArray("make_signatures");
        ofMake.stream().map(TableReference.Row::signature).distinct().forEach(known::add);
        return ToolResult.ok(data, List.of(TableCheck.of(file, reference)));
    }
}
