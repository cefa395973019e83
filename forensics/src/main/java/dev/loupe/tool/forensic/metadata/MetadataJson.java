package dev.loupe.tool.forensic.metadata;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/** Renders {@link ImageMetadata} as the tool's data: raw values, snake_case keys, nulls left out. */
final class MetadataJson {

    /** Texts shown to the model are cut here; the full length is given beside them. */
    private static final int SHOWN_TEXT = 2000;
    /** XMP properties shown beside the summary. */
    private static final int MAX_XMP_SHOWN = 40;

    private MetadataJson() {
    }

    static ObjectNode render(ImageMetadata metadata, int width, int height) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("image_width", width);
        data.put("image_height", height);
        ExifFacts exif = metadata.exif();
        ObjectNode e = data.putObject("exif");
        e.put("present", !exif.isEmpty());
        put(e, "make", exif.make());
        put(e, "model", exif.model());
        put(e, "lens_model", exif.lensModel());
        put(e, "date_time_original", exif.dateTimeOriginal());
        put(e, "modify_date", exif.modifyDate());
        ExifDates.gapSeconds(exif.dateTimeOriginal(), exif.modifyDate()).ifPresent(g -> e.put("modify_gap_seconds", g));
        put(e, "software", exif.software());
        e.put("software_kind", EditingSoftware.kindOf(exif.software(), exif.make(), exif.model()));
        if (exif.orientation() != null) {
            e.put("orientation", exif.orientation());
        }
        if (exif.exifImageWidth() != null && exif.exifImageHeight() != null) {
            e.put("exif_image_width", exif.exifImageWidth());
            e.put("exif_image_height", exif.exifImageHeight());
        }
        if (exif.gpsLatitude() != null) {
            e.put("gps_latitude", exif.gpsLatitude());
            e.put("gps_longitude", exif.gpsLongitude());
        }
        e.put("maker_note_present", exif.makerNotePresent());
        put(e, "user_comment", shown(exif.userComment()));
        XmpFacts xmp = metadata.xmp();
        ObjectNode x = data.putObject("xmp");
        x.put("present", !xmp.isEmpty());
        put(x, "creator_tool", xmp.creatorTool());
        strings(x, "history_software_agents", xmp.historySoftwareAgents());
        strings(x, "history_actions", xmp.historyActions());
        x.put("document_ancestors_count", xmp.documentAncestorsCount());
        put(x, "digital_source_type", xmp.digitalSourceType());
        put(x, "provenance", xmp.provenance());
        x.put("property_count", xmp.properties().size());
        ObjectNode properties = x.putObject("properties");
        xmp.properties().entrySet().stream()
                .filter(p -> shownXmp(p.getKey()))
                .limit(MAX_XMP_SHOWN)
                .forEach(p -> properties.put(p.getKey(), clip(p.getValue(), 200)));
        ObjectNode iptc = data.putObject("iptc");
        for (Map.Entry<String, String> entry : metadata.iptc().entrySet()) {
            iptc.put(entry.getKey(), shown(entry.getValue()));
        }
        put(data, "icc_profile_description", metadata.iccDescription());
        var texts = data.putArray("png_text");
        for (TextEntry entry : metadata.pngText()) {
            texts.addObject().put("keyword", entry.keyword()).put("length", entry.text().length())
                    .put("text", shown(entry.text()));
        }
        strings(data, "jpeg_comments", metadata.comments().stream().map(MetadataJson::shown).toList());
        ObjectNode thumb = data.putObject("thumbnail");
        thumb.put("present", metadata.thumbnail().isPresent());
        metadata.thumbnail().ifPresent(t -> thumb.put("offset", t.offset()).put("length", t.length())
                .put("width", t.width()).put("height", t.height()));
        data.put("c2pa_store_present", metadata.contentCredentials());
        strings(data, "editors_named", List.copyOf(MetadataFindings.editorsNamed(metadata).keySet()));
        strings(data, "directories", metadata.directories());
        strings(data, "parse_errors", metadata.errors());
        return data;
    }

    /**
     * Whether an XMP property is listed in the data: the EXIF and TIFF copies repeat what the EXIF
     * section says, and history and ancestors are summarised above.
     */
    private static boolean shownXmp(String key) {
        return !(key.startsWith("exif:") || key.startsWith("tiff:") || key.startsWith("exifEX:")
                || key.startsWith("xmpMM:History") || key.startsWith("photoshop:DocumentAncestors"));
    }

    private static void put(ObjectNode node, String key, String value) {
        if (value != null) {
            node.put(key, value);
        }
    }

    private static void strings(ObjectNode node, String key, List<String> values) {
        var array = node.putArray(key);
        values.forEach(array::add);
    }

    static String shown(String text) {
        return clip(text, SHOWN_TEXT);
    }

    private static String clip(String text, int length) {
        return text == null || text.length() <= length ? text : text.substring(0, length) + "…";
    }
}
