package dev.loupe.tool.forensic.filtering;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.CarefulForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.region.PixelBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.ConvolveOp;
import java.awt.image.Kernel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Retouches of the Canon SD750 photo saved with the camera's own tables, EXIF and thumbnail: the
 * development set's box filter, and a median and a Gaussian filter over the same box, so the tool is
 * not fitted to one filter. A median filter's own streaks do not survive the camera's compression (the
 * median-filtered box measured 0.49, the box-filtered one 0.55): both are smoothed regions.
 */
class FilteringToolTest {

    private static final int WIDTH = 3072;
    private static final int HEIGHT = 2304;

    private final FilteringTool tool = new FilteringTool();

    @Test
    void the_camera_original_and_its_re_save_show_no_filtering() throws Exception {
        assertEquals(List.of("no_filter_traces"), codes(run(CarefulForgeries.original(), null)));
        assertEquals(List.of("no_filter_traces"), codes(run(CarefulForgeries.resave(), null)));
    }

    @Test
    void the_careful_box_filter_retouch_is_a_smoothed_region_over_the_retouched_box(@TempDir Path dir) throws Exception {
        ToolResult result = run(CarefulForgeries.retouch(), dir);

        assertEquals(List.of("smoothed_region"), codes(result));
        assertLocated(result);
        assertEquals(List.of(dir.resolve("filtering.png").toString()), result.artifacts());
        assertTrue(Files.size(dir.resolve("filtering.png")) > 0);
    }

    @Test
    void a_median_filter_retouch_is_a_smoothed_region() throws Exception {
        ToolResult result = run(CarefulForgeries.encode(medianRetouch(CarefulForgeries.pixels())), null);

        assertEquals(List.of("smoothed_region"), codes(result), result.data().toString());
        assertLocated(result);
    }

    @Test
    void a_gaussian_blur_retouch_is_a_smoothed_region() throws Exception {
        float[] kernel = gaussian(2.0);
        BufferedImage blurred = new ConvolveOp(new Kernel(9, 9, kernel), ConvolveOp.EDGE_NO_OP, null)
                .filter(CarefulForgeries.pixels(), null);
        ToolResult result = run(CarefulForgeries.encode(pasteBox(CarefulForgeries.pixels(), blurred)), null);

        assertEquals(List.of("smoothed_region"), codes(result));
        assertLocated(result);
    }

    @Test
    void a_tone_curve_over_the_whole_picture_exported_losslessly_is_contrast_enhanced() throws Exception {
        BufferedImage picture = Forgeries.copy(CarefulForgeries.pixels());
        int[] curve = new int[256];
        for (int v = 0; v < 256; v++) {
            // a stretch of the mid-tones, as a contrast slider does
            curve[v] = (int) Math.round(Math.max(0, Math.min(255, (v - 128) * 1.4 + 128)));
        }
        for (int y = 0; y < picture.getHeight(); y++) {
            for (int x = 0; x < picture.getWidth(); x++) {
                int p = picture.getRGB(x, y);
                picture.setRGB(x, y, curve[p >> 16 & 255] << 16 | curve[p >> 8 & 255] << 8 | curve[p & 255]);
            }
        }
        byte[] png = PhotoFixtures.png(picture);
        ToolResult result = tool.run(new ToolContext(PhotoFixtures.loaded("stretched.png", png), null),
                JsonNodeFactory.instance.objectNode());

        assertTrue(codes(result).contains("contrast_enhanced"), result.data().toString());
        assertTrue(result.data().get("histogram_gaps").asInt() >= FilteringFindings.CONTRAST_GAPS);
    }

    /** The located region lies mostly on the retouched box and covers much of it. */
    private static void assertLocated(ToolResult result) {
        Rectangle edited = Forgeries.retouchRegion(WIDTH, HEIGHT);
        PixelBox retouched = new PixelBox(edited.x, edited.y, edited.width, edited.height);
        JsonNode box = result.data().get("largest_region");
        PixelBox found = new PixelBox(box.get("x").asInt(), box.get("y").asInt(), box.get("width").asInt(), box.get("height").asInt());
        assertTrue(found.intersection(retouched) >= 0.5 * found.area(), found + " for " + retouched);
        assertTrue(found.intersection(retouched) >= 0.5 * retouched.area(), found + " for " + retouched);
    }

    /** The retouch box replaced by a 5×5 median of each channel. */
    private static BufferedImage medianRetouch(BufferedImage image) {
        BufferedImage out = Forgeries.copy(image);
        Rectangle at = Forgeries.retouchRegion(image.getWidth(), image.getHeight());
        int[][] window = new int[3][25];
        for (int y = at.y; y < at.y + at.height; y++) {
            for (int x = at.x; x < at.x + at.width; x++) {
                int n = 0;
                for (int dy = -2; dy <= 2; dy++) {
                    for (int dx = -2; dx <= 2; dx++, n++) {
                        int p = image.getRGB(x + dx, y + dy);
                        window[0][n] = p >> 16 & 255;
                        window[1][n] = p >> 8 & 255;
                        window[2][n] = p & 255;
                    }
                }
                for (int[] channel : window) {
                    Arrays.sort(channel);
                }
                out.setRGB(x, y, window[0][12] << 16 | window[1][12] << 8 | window[2][12]);
            }
        }
        return out;
    }

    private static BufferedImage pasteBox(BufferedImage image, BufferedImage filtered) {
        BufferedImage out = Forgeries.copy(image);
        Rectangle at = Forgeries.retouchRegion(image.getWidth(), image.getHeight());
        out.setRGB(at.x, at.y, at.width, at.height, filtered.getRGB(at.x, at.y, at.width, at.height, null, 0, at.width), 0, at.width);
        return out;
    }

    private static float[] gaussian(double sigma) {
        float[] kernel = new float[81];
        double sum = 0;
        for (int y = -4; y <= 4; y++) {
            for (int x = -4; x <= 4; x++) {
                double v = Math.exp(-(x * x + y * y) / (2 * sigma * sigma));
                kernel[(y + 4) * 9 + x + 4] = (float) v;
                sum += v;
            }
        }
        for (int i = 0; i < kernel.length; i++) {
            kernel[i] /= (float) sum;
        }
        return kernel;
    }

    private ToolResult run(byte[] jpeg, Path dir) throws Exception {
        return tool.run(new ToolContext(JpegFixtures.loaded("test.jpg", jpeg), dir), JsonNodeFactory.instance.objectNode());
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
