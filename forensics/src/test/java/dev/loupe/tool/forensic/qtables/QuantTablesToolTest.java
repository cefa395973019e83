package dev.loupe.tool.forensic.qtables;

import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.testing.ExifBlock;
import dev.loupe.testing.MarkedImages;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.ForgeryImages;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuantTablesToolTest {

    private final QuantTablesTool tool = new QuantTablesTool();

    @Test
    void camera_originals_match_the_tables_of_their_make() {
        for (String photo : List.of(JpegFixtures.CANON, JpegFixtures.NIKON, JpegFixtures.OREGON)) {
            ToolResult result = run(JpegFixtures.resource(photo));
            assertEquals(List.of("qtable_matches_make"), codes(result), photo);
        }
    }

    @Test
    void a_software_re_encode_that_keeps_a_canon_exif_is_a_mismatch() {
        byte[] resaved = JpegFixtures.encode(ForgeryImages.cameraCrop(JpegFixtures.CANON), 92);
        byte[] withExif = MarkedImages.withExif(resaved, new ExifBlock().make("Canon").model("Canon PowerShot SD750").build());

        ToolResult result = run(withExif);

        assertEquals(List.of("qtable_make_mismatch"), codes(result));
        assertTrue(result.findings().get(0).detail().contains("libjpeg's tables at quality 92"), result.findings().get(0).detail());
    }

    @Test
    void a_canon_exif_on_nikon_pixels_and_tables_names_the_other_make() {
        byte[] nikon = JpegFixtures.resource(JpegFixtures.NIKON);
        // the Nikon file's own EXIF replaced by one claiming a Canon (the TIFF block is inserted first, so it is read first)
        ToolResult result = run(MarkedImages.withExif(nikon, new ExifBlock().make("Canon").model("Canon PowerShot SD750").build()));

        assertEquals("canon", result.data().get("make").asText(), result.toJson().toString());
        assertEquals(List.of("qtable_other_make"), codes(result));
    }

    @Test
    void a_make_the_reference_has_not_seen_is_said_so_and_a_file_without_exif_is_not_applicable() {
        byte[] resaved = JpegFixtures.encode(ForgeryImages.cameraCrop(JpegFixtures.CANON), 92);
        ToolResult unknown = run(MarkedImages.withExif(resaved, new ExifBlock().make("Hasselblad").model("X2D").build()));
        assertEquals(List.of("qtable_make_unknown"), codes(unknown));
        assertEquals(ToolStatus.NOT_APPLICABLE, run(resaved).status());
    }

    @Test
    void every_reference_row_says_where_its_file_came_from() {
        assertTrue(TableReference.bundled().rows().size() >= 15);
        assertTrue(TableReference.bundled().rows().stream().allMatch(r -> r.source().matches("(maven|deb|deb-src|npm):\\S+ \\S+\\.jpg")),
                TableReference.bundled().rows().toString());
    }

    private ToolResult run(byte[] jpeg) {
        return tool.run(new ToolContext(JpegFixtures.loaded("test.jpg", jpeg), null), null);
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
