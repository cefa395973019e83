package dev.loupe.tool.forensic.adq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.ForgeryImages;
import dev.loupe.tool.forensic.ToolRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.loupe.tool.forensic.ToolRuns.assertLocated;
import static dev.loupe.tool.forensic.ToolRuns.codes;
import static dev.loupe.tool.forensic.ToolRuns.region;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AdqToolTest {

    private static final Rectangle PASTED = new Rectangle(400, 296, 240, 176);

    private final AdqTool tool = new AdqTool();

    @Test
    void a_patch_pasted_between_a_q70_and_a_q90_save_is_the_region_compressed_once(@TempDir Path dir) throws Exception {
        ToolResult result = run(forgery(), dir, null);

        // the calibrated test finds the same patch: it too lost the q70 compression the rest carries
        assertEquals(List.of("adq_single_compressed_region", "adq_first_compression_missing_region"), codes(result));
        assertTrue(result.data().get("double_quantized").asBoolean());
        assertLocated(result, PASTED, 0.8, 0.5);
        assertEquals(List.of(dir.resolve("adq.png").toString()), result.artifacts());
        assertTrue(Files.size(dir.resolve("adq.png")) > 0);
    }

    @Test
    void an_untouched_photo_saved_at_q70_then_q90_is_consistent() throws Exception {
        for (String photo : List.of(JpegFixtures.NIKON, JpegFixtures.CANON)) {
            BufferedImage twice = ForgeryImages.saved(ForgeryImages.cameraCrop(photo), 70);
            ToolResult result = run(JpegFixtures.encode(twice, 90), null, null);
            assertEquals(List.of("adq_consistent"), codes(result), photo);
        }
    }

    @Test
    void a_photo_saved_once_has_no_double_quantization_to_test_against() throws Exception {
        ToolResult result = run(JpegFixtures.encode(ForgeryImages.cameraCrop(JpegFixtures.NIKON), 90), null, null);
        assertEquals(List.of("adq_no_double_quantization"), codes(result));
        assertEquals(false, result.data().get("double_quantized").asBoolean());
    }

    @Test
    void a_second_look_at_the_pasted_box_says_it_was_compressed_differently() throws Exception {
        byte[] forgery = forgery();
        ToolResult pasted = run(forgery, null, region(PASTED));
        assertEquals(List.of("adq_region_differs"), codes(pasted));
        ToolResult elsewhere = run(forgery, null, region(new Rectangle(40, 40, 240, 176)));
        assertEquals(List.of("adq_region_consistent"), codes(elsewhere));
    }

    @Test
    void a_region_outside_the_image_is_an_error() throws Exception {
        ToolResult result = run(forgery(), null, region(new Rectangle(2000, 2000, 50, 50)));
        assertEquals(ToolStatus.ERROR, result.status());
    }

    /**
     * A camera crop saved at q70, a patch from elsewhere in the photo pasted on the block grid (its own
     * camera compression lies off that grid), the whole saved at q90.
     */
    static byte[] forgery() {
        BufferedImage base = ForgeryImages.saved(ForgeryImages.cameraCrop(JpegFixtures.NIKON), 70);
        BufferedImage patch = ForgeryImages.donor(JpegFixtures.NIKON, 1403, 901, 240, 176);
        return JpegFixtures.encode(ForgeryImages.pasted(base, patch, PASTED), 90);
    }

    private ToolResult run(byte[] jpeg, Path dir, JsonNode arguments) throws Exception {
        return ToolRuns.run(tool, jpeg, dir, arguments);
    }
}
