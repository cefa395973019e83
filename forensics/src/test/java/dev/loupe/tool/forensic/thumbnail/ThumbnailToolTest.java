package dev.loupe.tool.forensic.thumbnail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.ExifSplice;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.region.PixelBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThumbnailToolTest {

    private static final PixelBox PASTED = new PixelBox(300, 1300, 400, 300);

    private final ThumbnailTool tool = new ThumbnailTool();

    private ToolResult run(byte[] bytes, Path artifacts) {
        return tool.run(new ToolContext(PhotoFixtures.loaded("test.jpg", bytes), artifacts), JsonNodeFactory.instance.objectNode());
    }

    /** Re-saves {@code picture} at quality 0.95 with the Canon original's EXIF block, thumbnail included. */
    private static byte[] withCanonExif(BufferedImage picture) {
        byte[] original = PhotoFixtures.resource(PhotoFixtures.CANON);
        return ExifSplice.withSegment(PhotoFixtures.jpeg(picture, 0.95f), ExifSplice.exifSegment(original));
    }

    private static BufferedImage canon() {
        return PhotoFixtures.rgbCopy(PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.CANON)));
    }

    @Test
    void locates_a_patch_pasted_from_another_photo_that_the_camera_thumbnail_does_not_show(@TempDir Path dir) {
        BufferedImage canon = canon();
        BufferedImage nikon = PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.NIKON));
        canon.getGraphics().drawImage(nikon.getSubimage(1200, 1000, 400, 300), PASTED.x(), PASTED.y(), null);

        ToolResult result = run(withCanonExif(canon), dir);

        assertEquals(ToolStatus.OK, result.status());
        assertEquals(1, result.findings().size());
        assertEquals("thumbnail_mismatch", result.findings().get(0).code());
        PixelBox found = box(result.data().get("regions").get(0).get("box"));
        assertTrue(found.iou(PASTED) >= 0.5, "IoU " + found.iou(PASTED) + " of " + found);
        assertTrue(Files.isRegularFile(dir.resolve("thumbnail.png")));
    }

    @Test
    void finds_every_untouched_photo_with_a_thumbnail_consistent_with_it() {
        for (String path : PhotoFixtures.UNTOUCHED) {
            ToolResult result = run(PhotoFixtures.resource(path), null);
            if (result.status() == ToolStatus.NOT_APPLICABLE) {
                assertEquals("no EXIF thumbnail", result.error(), path);
                continue;
            }
            assertEquals("thumbnail_consistent", result.findings().get(0).code(), path + ": " + result.toJson());
            assertEquals(1, result.findings().size(), path);
        }
    }

    @Test
    void finds_the_letterboxed_nikon_thumbnail_and_matches_its_aspect() {
        ToolResult result = run(PhotoFixtures.resource(PhotoFixtures.NIKON), null);

        JsonNode content = result.data().get("thumbnail_content");
        assertEquals(160, result.data().get("thumbnail_width").asInt());
        assertEquals(120, result.data().get("thumbnail_height").asInt());
        assertTrue(content.get("height").asInt() < 120, content.toString());
        assertTrue(result.data().get("aspect_match").asBoolean());
    }

    @Test
    void reports_a_crop_after_capture_as_an_aspect_mismatch() {
        BufferedImage cropped = PhotoFixtures.rgbCopy(canon().getSubimage(500, 100, 2000, 2000));

        ToolResult result = run(withCanonExif(cropped), null);

        assertEquals("thumbnail_aspect_mismatch", result.findings().get(0).code());
        assertFalse(result.data().get("aspect_match").asBoolean());
        assertEquals(0, result.data().get("regions").size());
    }

    @Test
    void matches_a_photo_whose_pixels_were_turned_a_quarter_while_the_thumbnail_was_not() {
        BufferedImage canon = canon();
        BufferedImage turned = new BufferedImage(canon.getHeight(), canon.getWidth(), BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = turned.createGraphics();
        g.translate(canon.getHeight(), 0);
        g.rotate(Math.PI / 2);
        g.drawImage(canon, 0, 0, null);
        g.dispose();

        ToolResult result = run(withCanonExif(turned), null);

        assertEquals("thumbnail_consistent", result.findings().get(0).code(), result.toJson().toString());
        assertEquals(3, result.data().get("quarter_turns_to_match").asInt());
    }

    @Test
    void is_not_applicable_to_a_photo_without_exif() {
        ToolResult result = run(PhotoFixtures.jpeg(canon(), 0.9f), null);

        assertEquals(ToolStatus.NOT_APPLICABLE, result.status());
        assertEquals("no EXIF thumbnail", result.error());
    }

    @Test
    void maps_a_region_of_a_quarter_turned_comparison_back_to_stored_pixels() {
        // a 10x5 box at the top-left of a 160x120 oriented picture of a 1200x1600 (stored) image turned once clockwise
        PixelBox box = ThumbnailComparison.toImage(new PixelBox(0, 0, 10, 5), 160, 120, 1200, 1600, 1, new double[4]);

        assertEquals(new PixelBox(0, 1500, 50, 100), box);
    }

    private static PixelBox box(JsonNode node) {
        return new PixelBox(node.get("x").asInt(), node.get("y").asInt(), node.get("width").asInt(), node.get("height").asInt());
    }
}
