package dev.loupe.tool.forensic.thumbnail;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.ExifSplice;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.region.PixelBox;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Uncompressed EXIF thumbnails (TIFF strips), written into the Canon SD750 photo as a Fujifilm DS-7 or a
 * Kodak DC210 stores them: read, compared, and a patch pasted after capture located against them.
 */
class UncompressedThumbnailTest {

    private static final int THUMB_W = 160;
    private static final int THUMB_H = 120;
    private static final PixelBox PASTED = new PixelBox(1600, 600, 480, 400);

    private final ThumbnailTool tool = new ThumbnailTool();

    @Test
    void decodes_a_ycbcr_422_strip_to_the_colours_it_was_made_from() {
        BufferedImage thumb = unfiltered(canon());
        StripThumbnail layout = new StripThumbnail(THUMB_W, THUMB_H, true, 2, 1, new double[] {0.299, 0.587, 0.114},
                new double[] {0, 255, 128, 255, 128, 255});

        BufferedImage decoded = layout.decode(UncompressedExif.ycbcr422(thumb));

        double error = 0;
        for (int y = 0; y < THUMB_H; y++) {
            for (int x = 0; x < THUMB_W; x++) {
                int a = thumb.getRGB(x, y);
                int b = decoded.getRGB(x, y);
                error += Math.abs((a >> 8 & 255) - (b >> 8 & 255));
            }
        }
        // green carries luma; chroma shared by pixel pairs costs a level or two at edges
        assertTrue(error / (THUMB_W * THUMB_H) < 3, "mean green error " + error / (THUMB_W * THUMB_H));
        assertEquals(layout.byteCount(), THUMB_W * THUMB_H * 2);
    }

    @Test
    void finds_the_photo_consistent_with_an_unfiltered_ycbcr_thumbnail_and_says_how_it_was_sampled() {
        BufferedImage canon = canon();

        ToolResult result = run(withThumbnail(canon, unfiltered(canon), true));

        assertEquals(ToolStatus.OK, result.status(), result.toJson().toString());
        assertEquals("uncompressed YCbCr 2x1", result.data().get("thumbnail_encoding").asText());
        assertEquals("unfiltered (pixel centres)", result.data().get("thumbnail_sampling").asText(), result.data().toString());
        assertEquals(List.of("thumbnail_consistent"), codes(result), result.toJson().toString());
        assertEquals(false, result.data().get("tone_shifts_judged").asBoolean(), "tone shifts are stated, not judged, here");
    }

    @Test
    void locates_a_patch_pasted_after_capture_against_an_unfiltered_ycbcr_thumbnail() {
        BufferedImage canon = canon();
        BufferedImage thumb = unfiltered(canon);
        paste(canon);

        ToolResult result = run(withThumbnail(canon, thumb, true));

        assertLocated(result);
    }

    @Test
    void locates_a_patch_pasted_after_capture_against_an_rgb_thumbnail() {
        BufferedImage canon = canon();
        BufferedImage thumb = PhotoFixtures.rgbCopy(scaledSmoothly(canon));
        paste(canon);

        ToolResult result = run(withThumbnail(canon, thumb, false));

        assertEquals("uncompressed RGB", result.data().get("thumbnail_encoding").asText());
        assertEquals("averaged", result.data().get("thumbnail_sampling").asText());
        assertLocated(result);
    }

    @Test
    void refuses_a_strip_that_points_outside_the_file() {
        BufferedImage canon = canon();
        byte[] strip = UncompressedExif.ycbcr422(unfiltered(canon));
        byte[] segment = UncompressedExif.segment(strip, THUMB_W, THUMB_H, true, 10_000_000);

        ToolResult result = run(ExifSplice.withSegment(PhotoFixtures.jpeg(canon, 0.9f), segment));

        assertEquals(ToolStatus.NOT_APPLICABLE, result.status());
        assertTrue(result.error().contains("outside the file"), result.error());
    }

    private static void assertLocated(ToolResult result) {
        assertTrue(codes(result).contains("thumbnail_mismatch"), result.toJson().toString());
        var b = result.data().get("regions").get(0).get("box");
        PixelBox found = new PixelBox(b.get("x").asInt(), b.get("y").asInt(), b.get("width").asInt(), b.get("height").asInt());
        assertTrue(found.iou(PASTED) >= 0.5, "IoU " + found.iou(PASTED) + " of " + found);
    }

    private ToolResult run(byte[] bytes) {
        return tool.run(new ToolContext(PhotoFixtures.loaded("strip.jpg", bytes), null), JsonNodeFactory.instance.objectNode());
    }

    private static byte[] withThumbnail(BufferedImage picture, BufferedImage thumb, boolean ycbcr) {
        byte[] strip = ycbcr ? UncompressedExif.ycbcr422(thumb) : UncompressedExif.rgb(thumb);
        return ExifSplice.withSegment(PhotoFixtures.jpeg(picture, 0.9f), UncompressedExif.segment(strip, THUMB_W, THUMB_H, ycbcr, 0));
    }

    private static BufferedImage canon() {
        return PhotoFixtures.rgbCopy(PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.CANON)));
    }

    /** A patch of the Nikon photo pasted over {@link #PASTED}. */
    private static void paste(BufferedImage canon) {
        BufferedImage nikon = PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.NIKON));
        canon.getGraphics().drawImage(nikon.getSubimage(1200, 1000, PASTED.width(), PASTED.height()), PASTED.x(), PASTED.y(), null);
    }

    /** The thumbnail a camera makes by taking one pixel per thumbnail pixel, unfiltered. */
    private static BufferedImage unfiltered(BufferedImage picture) {
        BufferedImage out = new BufferedImage(THUMB_W, THUMB_H, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < THUMB_H; y++) {
            for (int x = 0; x < THUMB_W; x++) {
                out.setRGB(x, y, picture.getRGB((2 * x + 1) * picture.getWidth() / (2 * THUMB_W),
                        (2 * y + 1) * picture.getHeight() / (2 * THUMB_H)));
            }
        }
        return out;
    }

    private static BufferedImage scaledSmoothly(BufferedImage picture) {
        BufferedImage out = new BufferedImage(THUMB_W, THUMB_H, BufferedImage.TYPE_INT_RGB);
        out.getGraphics().drawImage(picture.getScaledInstance(THUMB_W, THUMB_H, java.awt.Image.SCALE_AREA_AVERAGING), 0, 0, null);
        return out;
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
