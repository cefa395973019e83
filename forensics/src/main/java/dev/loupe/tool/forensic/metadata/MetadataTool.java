package dev.loupe.tool.forensic.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;


/**
 * The {@code metadata} tool: reads EXIF, XMP, IPTC, ICC, PNG text and JPEG comments, and reports
 * the editors named, whether the camera EXIF is intact, date and size disagreements, maker-note and
 * thumbnail presence, or that there is no metadata at all.
 */
public final class MetadataTool extends DefinedTool {

    public MetadataTool() {
        super(ToolDefinition.builder("metadata", "1.0.0")
                .description("EXIF, XMP, IPTC and PNG text: camera, dates, software, edit history.")
                // What the findings do not already state (the dates, the thumbnail and the maker note they do).
                .modelFields("exif.make", "exif.model", "exif.software", "xmp.creator_tool", "xmp.digital_source_type", "xmp.history_software_agents", "xmp.history_actions",
                    "iptc", "png_text", "jpeg_comments", "editors_named", "parse_errors")
                .build());
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        LoadedImage image = context.image();
        ImageMetadata metadata = MetadataExtraction.of(image);
        return ToolResult.ok(MetadataJson.render(metadata, image.width(), image.height()),
                MetadataFindings.derive(metadata, image.width(), image.height()));
    }
}
