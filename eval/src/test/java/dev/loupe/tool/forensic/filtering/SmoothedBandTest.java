package dev.loupe.tool.forensic.filtering;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.region.PixelBox;
import org.junit.jupiter.api.Test;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same 5 × 5 box smoothing of a textured picture made here (1600 × 1200, every tile textured, saved
 * at quality 95) in two shapes: a band across the whole width, as processing the whole frame leaves on a
 * sky or a blurred edge, is set aside; a compact blob of about the same area, as a local retouch is, is a
 * smoothed region.
 */
class SmoothedBandTest {

    private static final int WIDTH = 1600;
    private static final int HEIGHT = 1200;

    private final FilteringTool tool = new FilteringTool();

    @Test
    void a_band_smoothed_across_the_whole_width_is_set_aside() throws Exception {
        BufferedImage picture = textured();
        Rectangle band = new Rectangle(0, 480, WIDTH, 240);

        ToolResult result = run(Forgeries.boxMean(picture, band, 0));

        assertEquals(List.of("no_filter_traces"), codes(result), result.data().toString());
        JsonNode region = result.data().get("largest_region");
        assertEquals("band across the frame", region.path("set_aside").asText(), result.data().toString());
        assertTrue(region.get("width").asInt() >= RegionLimits.BAND_SPAN * WIDTH, region.toString());
        assertTrue(region.get("smoothness").asDouble() >= RegionLimits.FULL_TILES.smoothness(), region.toString());
    }

    @Test
    void the_same_smoothing_in_a_compact_blob_is_a_smoothed_region() throws Exception {
        BufferedImage picture = textured();
        Rectangle blob = new Rectangle(480, 320, 640, 560);

        ToolResult result = run(Forgeries.boxMean(picture, blob, 0));

        assertEquals(List.of("smoothed_region"), codes(result), result.data().toString());
        assertTrue(result.data().get("largest_region").path("set_aside").isMissingNode(), result.data().toString());
    }

    @Test
    void a_band_is_long_against_the_frame_and_against_its_own_short_side() {
        assertTrue(RegionLimits.band(new PixelBox(0, 0, 1200, 300), 1600, 1200));
        assertTrue(RegionLimits.band(new PixelBox(0, 0, 200, 900), 1600, 1200));
        assertTrue(!RegionLimits.band(new PixelBox(0, 0, 1100, 200), 1600, 1200));
        assertTrue(!RegionLimits.band(new PixelBox(0, 0, 1600, 500), 1600, 1200));
    }

    /** Ripples a few tens of pixels long under grain: structure a box filter keeps, fine detail it removes. */
    private static BufferedImage textured() {
        BufferedImage picture = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Random grain = new Random(7);
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                double ripple = 40 * Math.sin(x / 7.0 + 0.3 * Math.sin(y / 23.0)) * Math.cos(y / 9.0 + x / 31.0);
                int v = clampLevel(128 + ripple + 18 * grain.nextGaussian());
                picture.setRGB(x, y, v << 16 | clampLevel(v * 0.9 + 10) << 8 | clampLevel(v * 0.8 + 20));
            }
        }
        return picture;
    }

    private static int clampLevel(double value) {
        return (int) Math.max(0, Math.min(255, Math.round(value)));
    }

    private ToolResult run(BufferedImage picture) throws Exception {
        return tool.run(new ToolContext(JpegFixtures.loaded("test.jpg", JpegFixtures.encode(picture, 95)), null),
                JsonNodeFactory.instance.objectNode());
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
