package dev.loupe.tool.forensic;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.copymove.CopyMoveTool;
import dev.loupe.tool.forensic.noise.NoiseTool;
import dev.loupe.tool.forensic.thumbnail.ThumbnailTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.AlphaComposite;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every pixel tool answers every image the loader accepts with a result, never an exception. */
class PixelToolsRobustnessTest {

    private static final List<Tool> TOOLS = List.of(new NoiseTool(), new CopyMoveTool(), new ThumbnailTool());

    private static ToolResult run(Tool tool, LoadedImage image, Path dir) {
        try {
            return tool.run(new ToolContext(image, dir), JsonNodeFactory.instance.objectNode());
        } catch (Exception e) {
            throw new AssertionError(tool.name() + " threw on " + image.name(), e);
        }
    }

    private static BufferedImage smallCanon(int type) {
        BufferedImage canon = PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.CANON));
        BufferedImage small = new BufferedImage(768, 576, type);
        Graphics2D g = small.createGraphics();
        g.drawImage(canon, 0, 0, 768, 576, null);
        g.dispose();
        return small;
    }

    @Test
    void says_not_applicable_with_a_reason_for_a_1x1_and_a_7x13_image() {
        for (int[] size : new int[][]{{1, 1}, {7, 13}}) {
            BufferedImage tiny = new BufferedImage(size[0], size[1], BufferedImage.TYPE_INT_RGB);
            LoadedImage image = PhotoFixtures.loaded("tiny.png", PhotoFixtures.png(tiny));
            for (Tool tool : TOOLS) {
                ToolResult result = run(tool, image, null);
                assertEquals(ToolStatus.NOT_APPLICABLE, result.status(), tool.name() + " on " + size[0] + "x" + size[1]);
                assertFalse(result.error().isBlank());
            }
        }
    }

    @Test
    void analyses_a_greyscale_jpeg() {
        LoadedImage image = PhotoFixtures.loaded("grey.jpg", PhotoFixtures.jpeg(smallCanon(BufferedImage.TYPE_BYTE_GRAY), 0.9f));
        assertEquals(ToolStatus.OK, run(new NoiseTool(), image, null).status());
        ToolResult copyMove = run(new CopyMoveTool(), image, null);
        assertEquals(ToolStatus.OK, copyMove.status());
        assertEquals(0, copyMove.findings().size());
        assertEquals("no EXIF thumbnail", run(new ThumbnailTool(), image, null).error());
    }

    @Test
    void analyses_a_16_bit_greyscale_png_with_its_fractional_levels() {
        BufferedImage grey16 = smallCanon(BufferedImage.TYPE_USHORT_GRAY);
        LoadedImage image = PhotoFixtures.loaded("grey16.png", PhotoFixtures.png(grey16));
        ToolResult noise = run(new NoiseTool(), image, null);
        assertEquals(ToolStatus.OK, noise.status());
        assertTrue(noise.data().get("median_sigma").asDouble() > 0);
        assertEquals(ToolStatus.OK, run(new CopyMoveTool(), image, null).status());
    }

    @Test
    void analyses_a_png_with_alpha_and_writes_its_pictures(@TempDir Path dir) {
        BufferedImage argb = smallCanon(BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = argb.createGraphics();
        g.setComposite(AlphaComposite.Clear);
        g.fillRect(0, 0, 200, 200);
        g.dispose();
        LoadedImage image = PhotoFixtures.loaded("alpha.png", PhotoFixtures.png(argb));
        assertEquals(ToolStatus.OK, run(new NoiseTool(), image, dir).status());
        assertEquals(ToolStatus.OK, run(new CopyMoveTool(), image, dir).status());
        assertTrue(Files.isRegularFile(dir.resolve("noise.png")));
        assertTrue(Files.isRegularFile(dir.resolve("copy_move.png")));
    }

    @Test
    void analyses_a_cmyk_jpeg_and_compares_its_thumbnail(@TempDir Path dir) {
        LoadedImage image = PhotoFixtures.load("/IMAGING-136/1402522741337.jpg");
        // a flat graphic: too few blocks carry measurable noise
        ToolResult noise = run(new NoiseTool(), image, dir);
        assertEquals(ToolStatus.NOT_APPLICABLE, noise.status());
        assertTrue(noise.error().contains("measurable noise"), noise.error());
        assertEquals(ToolStatus.OK, run(new CopyMoveTool(), image, dir).status());
        ToolResult thumbnail = run(new ThumbnailTool(), image, dir);
        assertEquals(ToolStatus.OK, thumbnail.status(), thumbnail.toJson().toString());
        assertTrue(Files.isRegularFile(dir.resolve("thumbnail.png")));
    }

    @Test
    void analyses_a_cmyk_tiff() {
        LoadedImage image = PhotoFixtures.load("/data/images/tiff/7/Oregon Scientific DS6639 - DSC_0307 - small - CMYK.tiff");
        for (Tool tool : TOOLS) {
            ToolResult result = run(tool, image, null);
            assertTrue(result.status() != ToolStatus.ERROR, tool.name() + ": " + result.toJson());
        }
    }

    @Test
    void turns_undecodable_jpegs_into_error_or_not_applicable_results() {
        String[] broken = {"/IMAGING-215/ArrayIndexOutOfBoundsException_DhtSegment_79.jpeg",
                "/IMAGING-220/timeout-48eb4251935b4ca8b26d1859ea525c1b42ae0c78.jpeg"};
        for (String path : broken) {
            byte[] bytes = PhotoFixtures.resource(path);
            LoadedImage image = PhotoFixtures.undecoded("broken.jpg", bytes, ImageFormat.JPEG, 150, 103);
            for (Tool tool : TOOLS) {
                ToolResult result = run(tool, image, null);
                assertNotNull(result.status(), tool.name());
            }
        }
    }

    @Test
    void says_no_thumbnail_when_the_exif_thumbnail_offset_points_past_the_file() {
        byte[] bytes = PhotoFixtures.resource(PhotoFixtures.OREGON_SMALL).clone();
        byte[] truncated = java.util.Arrays.copyOf(bytes, 900);
        LoadedImage image = PhotoFixtures.undecoded("cut.jpg", truncated, ImageFormat.JPEG, 300, 225);
        ToolResult result = run(new ThumbnailTool(), image, null);
        assertEquals(ToolStatus.NOT_APPLICABLE, result.status());
        assertTrue(result.error().startsWith("no EXIF thumbnail"), result.error());
    }

    @Test
    void analyses_a_16_bit_rgb_png_through_the_general_path() {
        BufferedImage rgb16 = new BufferedImage(300, 200, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = rgb16.createGraphics();
        g.drawImage(smallCanon(BufferedImage.TYPE_INT_RGB), 0, 0, 300, 200, null);
        g.dispose();
        java.awt.image.ColorModel model = new java.awt.image.ComponentColorModel(
                java.awt.color.ColorSpace.getInstance(java.awt.color.ColorSpace.CS_sRGB), false, false,
                java.awt.Transparency.OPAQUE, java.awt.image.DataBuffer.TYPE_USHORT);
        WritableRaster raster = model.createCompatibleWritableRaster(300, 200);
        for (int y = 0; y < 200; y++) {
            for (int x = 0; x < 300; x++) {
                int p = rgb16.getRGB(x, y);
                raster.setPixel(x, y, new int[]{((p >> 16) & 255) * 257, ((p >> 8) & 255) * 257, (p & 255) * 257});
            }
        }
        BufferedImage deep = new BufferedImage(model, raster, false, null);
        LoadedImage image = PhotoFixtures.loaded("rgb16.png", PhotoFixtures.png(deep));
        assertEquals(ToolStatus.OK, run(new NoiseTool(), image, null).status());
        assertEquals(ToolStatus.OK, run(new CopyMoveTool(), image, null).status());
    }
}
