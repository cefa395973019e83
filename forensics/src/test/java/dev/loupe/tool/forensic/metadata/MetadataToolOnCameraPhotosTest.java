package dev.loupe.tool.forensic.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The metadata tool on real photographs from commons-imaging's test images. */
class MetadataToolOnCameraPhotosTest {

    private static final String NIKON = "/data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG";
    private static final String CANON = "/data/images/jpg/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG";

    private final MetadataTool tool = new MetadataTool();

    private ToolResult run(String resource) {
        return tool.run(ToolContext.of(TestImages.resource(resource)), null);
    }

    static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }

    @Test
    void nikon_original_reports_make_model_date_and_intact_camera_exif() {
        ToolResult result = run(NIKON);

        assertEquals(ToolStatus.OK, result.status());
        ObjectNode exif = (ObjectNode) result.data().get("exif");
        assertEquals("NIKON CORPORATION", exif.get("make").asText());
        assertEquals("NIKON D50", exif.get("model").asText());
        assertEquals("2007:12:19 21:22:32", exif.get("date_time_original").asText());
        assertTrue(exif.get("maker_note_present").asBoolean());
        assertTrue(codes(result).contains("camera_exif_intact"));
        assertFalse(codes(result).contains("editing_software"));
        assertFalse(codes(result).contains("no_metadata"));
    }

    @Test
    void canon_original_has_an_exif_thumbnail_with_its_size() {
        ToolResult result = run(CANON);

        ObjectNode thumb = (ObjectNode) result.data().get("thumbnail");
        assertTrue(thumb.get("present").asBoolean());
        assertEquals(160, thumb.get("width").asInt());
        assertEquals(120, thumb.get("height").asInt());
        assertTrue(codes(result).contains("exif_thumbnail_present"));
        assertTrue(codes(result).contains("camera_exif_intact"));
        assertEquals("Canon", result.data().get("exif").get("make").asText());
    }
}
