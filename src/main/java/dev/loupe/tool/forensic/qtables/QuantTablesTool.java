package dev.loupe.tool.forensic.qtables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.Finding;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.jpeg.IjgQuality;
import dev.loupe.tool.forensic.jpeg.QualityEstimate;
import dev.loupe.tool.forensic.metadata.ExifFacts;
import dev.loupe.tool.forensic.metadata.MetadataExtraction;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code quant_tables} tool: the file's quantization tables against those the reference saw
 * cameras of the EXIF's make write. A match is weak evidence for the camera; a library's tables
 * where the make's cameras write their own, or another make's tables, are evidence of a re-encode
 * that kept the EXIF.
 */
public final class QuantTablesTool implements Tool {

    @Override
    public String name() {
        return "quant_tables";
    }

    @Override
    public String description() {
        return "Whether the quantization tables are those the EXIF camera make writes.";
    }

    /** The findings state the regions and numbers a model weighs. */
    @Override
    public List<String> modelFields() {
        return List.of();
    }

    @Override
    public String version() {
        return "1.0.0";
    }

    @Override
    public String argumentSchema() {
        return "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}";
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        LoadedImage image = context.image();
        if (!JpegStructureParser.looksLikeJpeg(image.bytes())) {
            return ToolResult.notApplicable("quantization tables belong to JPEGs: this is " + image.format());
        }
        JpegStructure structure = CoefficientPass.structure(image.bytes());
        Optional<String> signature = TableSignature.of(structure);
        if (signature.isEmpty()) {
            return ToolResult.error("the JPEG has no luminance quantization table");
        }
        ExifFacts exif = MetadataExtraction.of(image).exif();
        if (exif.make() == null) {
            return ToolResult.notApplicable("the file's EXIF names no camera make to compare its tables with");
        }
        String make = TableSignature.make(exif.make());
        QualityEstimate luma = IjgQuality.estimate(structure.quantTableOf(0).get().natural(), true);
        List<TableReference.Row> ofMake = TableReference.ofMake(make);
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("make", make).put("signature", signature.get()).put("ijg_quality", luma.quality())
                .put("library_tables", luma.library()).put("reference_rows_for_make", ofMake.size())
                .put("reference_rows", TableReference.rows().size());
        ArrayNode known = data.putArray("make_signatures");
        ofMake.stream().map(TableReference.Row::signature).distinct().forEach(known::add);
        return ToolResult.ok(data, List.of(finding(make, exif.make().trim(), signature.get(), luma, ofMake)));
    }

    private static Finding finding(String make, String exifMake, String signature, QualityEstimate luma,
                                   List<TableReference.Row> ofMake) {
        if (ofMake.isEmpty()) {
            return new Finding("qtable_make_unknown", "The reference holds no tables of " + exifMake
                    + " cameras, so the file's tables cannot be checked against its make.");
        }
        Optional<TableReference.Row> same = ofMake.stream().filter(r -> r.signature().equals(signature)).findFirst();
        if (same.isPresent()) {
            return new Finding("qtable_matches_make", "The tables are those a " + same.get().model()
                    + " wrote (reference: " + same.get().source() + "), as the EXIF's make " + exifMake + " would.");
        }
        if (luma.library() && ofMake.stream().noneMatch(TableReference.Row::library)) {
            return new Finding("qtable_make_mismatch", String.format(Locale.ROOT,
                    "The EXIF names %s, whose cameras in the reference (%d files) write their own tables, but the file has "
                            + "libjpeg's tables at quality %d: re-encoded by software with the EXIF kept.",
                    exifMake, ofMake.size(), luma.quality()));
        }
        Optional<TableReference.Row> other = TableReference.rows().stream()
                .filter(r -> r.signature().equals(signature) && !r.make().equals(make) && !r.library()).findFirst();
        if (other.isPresent()) {
            return new Finding("qtable_other_make", "The EXIF names " + exifMake + " but the tables are those a "
                    + other.get().model() + " (" + other.get().make() + ") wrote: the image data came from another camera.");
        }
        return new Finding("qtable_unseen_for_make", String.format(Locale.ROOT,
                "The tables (closest to libjpeg quality %d) are not among the %d seen from %s cameras; cameras vary "
                        + "their tables with the quality setting, so this is weak.", luma.quality(), ofMake.size(), exifMake));
    }
}
