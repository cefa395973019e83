package dev.loupe.tool.forensic.ghost;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.ForgeryImages;
import dev.loupe.tool.forensic.ToolRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.loupe.tool.forensic.ToolRuns.assertLocated;
import static dev.loupe.tool.forensic.ToolRuns.codes;
import static dev.loupe.tool.forensic.ToolRuns.region;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GhostToolTest {

    /** On the 8-pixel grid, as a patch cut from a JPEG and pasted block for block lies. */
    private static final Rectangle PASTED = new Rectangle(400, 296, 240, 176);

    private final GhostTool tool = new GhostTool();

    @Test
    void a_patch_saved_at_q60_and_pasted_into_a_q90_photo_is_a_ghost_at_q60(@TempDir Path dir) throws Exception {
        ToolResult result = run(forgery(), dir, null);

        assertEquals(List.of("jpeg_ghost"), codes(result));
        assertEquals(60, result.data().get("strongest_quality").asInt());
        // the patch's flat top has too little texture to measure: the region is the textured part of it
        assertLocated(result, PASTED, 0.9, 0.5);
        assertEquals(List.of(dir.resolve("ghost-q60.png").toString()), result.artifacts());
        assertTrue(Files.size(dir.resolve("ghost-q60.png")) > 0);
    }

    @Test
    void untouched_crops_saved_once_or_twice_at_one_quality_show_no_ghost() throws Exception {
        for (String photo : List.of(JpegFixtures.NIKON, JpegFixtures.CANON)) {
            BufferedImage crop = ForgeryImages.cameraCrop(photo);
            ToolResult once = run(JpegFixtures.encode(crop, 90), null, null);
            assertEquals(List.of("no_jpeg_ghost"), codes(once), photo);
            ToolResult twice = run(JpegFixtures.encode(ForgeryImages.saved(crop, 90), 90), null, null);
            assertEquals(List.of("no_jpeg_ghost"), codes(twice), photo);
        }
    }

    @Test
    void a_second_look_at_the_pasted_box_finds_its_ghost_and_one_elsewhere_does_not() throws Exception {
        byte[] forgery = forgery();
        ToolResult pasted = run(forgery, null, region(PASTED));
        assertEquals(List.of("jpeg_ghost_in_region"), codes(pasted));
        assertEquals(60, pasted.data().get("strongest_quality").asInt());
        ToolResult elsewhere = run(forgery, null, region(new Rectangle(40, 40, 240, 176)));
        assertEquals(List.of("no_jpeg_ghost_in_region"), codes(elsewhere));
    }

    @Test
    void a_region_outside_the_image_is_an_error_saying_so() throws Exception {
        ToolResult result = run(forgery(), null, region(new Rectangle(5000, 10, 100, 100)));
        assertEquals(ToolStatus.ERROR, result.status());
        assertTrue(result.error().contains("inside the 1024x768 image"), result.error());
    }

    @Test
    void a_png_or_a_file_saved_at_low_quality_is_not_applicable() throws Exception {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(16, 16, BufferedImage.TYPE_INT_RGB), "png", png);
        assertEquals(ToolStatus.NOT_APPLICABLE, run(png.toByteArray(), null, null).status());
        ToolResult low = run(JpegFixtures.encode(ForgeryImages.cameraCrop(JpegFixtures.NIKON), 52), null, null);
        assertEquals(ToolStatus.NOT_APPLICABLE, low.status());
        assertTrue(low.error().contains("about quality 52"), low.error());
    }

    /** A camera crop with a patch of the same photo that went through a q60 save pasted in, all saved at q90. */
    static byte[] forgery() {
        BufferedImage base = ForgeryImages.cameraCrop(JpegFixtures.NIKON);
        BufferedImage patch = ForgeryImages.saved(ForgeryImages.donor(JpegFixtures.NIKON, 1400, 900, 240, 176), 60);
        return JpegFixtures.encode(ForgeryImages.pasted(base, patch, PASTED), 90);
    }

    private ToolResult run(byte[] jpeg, Path dir, JsonNode arguments) throws Exception {
        return ToolRuns.run(tool, jpeg, dir, arguments);
    }
}
