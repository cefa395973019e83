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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A small picture as the old cameras of the development set write them (640 × 480, here the Canon SD750
 * photo scaled down and saved at quality 85): the tool reads it on tiles sized to the picture, so the
 * development set's retouch (a fifth of each side, 128 × 96 pixels, smoothed with a 5 × 5 box and lifted
 * by six levels, saved again with the same tables) is a region, and the untouched picture and its
 * same-table re-save are not. The limit, measured: saved at quality 75 the same retouch's region is
 * 3.55 times smoother than the picture and at quality 50 3.14, under the 3.56 small tiles need
 * ({@link RegionLimits#SMALL_TILES}); coarser quantization has already smoothed the rest.
 */
class SmallPictureFilteringTest {

    private static final int WIDTH = 640;
    private static final int HEIGHT = 480;
    private static final int QUALITY = 85;

    private final FilteringTool tool = new FilteringTool();

    @Test
    void tiles_shrink_to_keep_the_grid_in_a_small_picture_and_stay_64_pixels_in_a_large_one() {
        assertEquals(24, FilteringTool.tileFor(640, 480));
        assertEquals(24, FilteringTool.tileFor(320, 240));
        assertEquals(40, FilteringTool.tileFor(1024, 768));
        assertEquals(64, FilteringTool.tileFor(1600, 1200));
        assertEquals(64, FilteringTool.tileFor(3072, 2304));
    }

    @Test
    void the_small_original_and_its_same_table_re_save_show_no_filtering() throws Exception {
        byte[] original = JpegFixtures.encode(small(), QUALITY);
        byte[] resave = JpegFixtures.encode(JpegFixtures.decode(original), QUALITY);

        assertEquals(List.of("no_filter_traces"), codes(run(original, null)));
        assertEquals(List.of("no_filter_traces"), codes(run(resave, null)));
    }

    /**
     * What the test jar's untouched photographs show, measured and stated rather than hidden. The
     * small tiles add one: the GIMP-saved 591 × 400 food photo, read on 24-pixel tiles, whose defocused
     * background (top centre, 21 tiles, 4.5 times smoother than the picture) looks to the fine-to-coarse
     * ratio as a box filter does; with 64-pixel tiles it had 8 × 5 tiles and no region could be judged.
     * The other was flagged before, on 64-pixel tiles: a 2022 phone photo with 29 textured tiles of 300,
     * 8 of them in a strip 5.2 times smoother. None of the development set's 42 camera originals is.
     */
    @Test
    void of_the_untouched_photographs_a_small_one_with_a_defocused_background_and_a_mostly_flat_one_show_a_smoothed_region()
            throws Exception {
        List<String> flagged = new ArrayList<>();
        for (String path : PhotoFixtures.UNTOUCHED) {
            ToolResult result = tool.run(new ToolContext(PhotoFixtures.load(path), null), JsonNodeFactory.instance.objectNode());
            if (codes(result).contains("smoothed_region")) {
                flagged.add(path);
            }
        }

        assertEquals(List.of(JpegFixtures.GIMP, "/data/images/jpg/8/20220514_102409.jpg"), flagged);
    }

    @Test
    void a_box_filter_retouch_of_a_small_picture_is_a_smoothed_region_over_the_box(@TempDir Path dir) throws Exception {
        byte[] original = JpegFixtures.encode(small(), QUALITY);
        byte[] retouch = JpegFixtures.encode(Forgeries.retouched(Forgeries.copy(JpegFixtures.decode(original))), QUALITY);

        ToolResult result = run(retouch, dir);

        assertEquals(List.of("smoothed_region"), codes(result), result.data().toString());
        assertEquals(24, result.data().get("tile_pixels").asInt());
        Rectangle edited = Forgeries.retouchRegion(WIDTH, HEIGHT);
        PixelBox retouched = new PixelBox(edited.x, edited.y, edited.width, edited.height);
        JsonNode box = result.data().get("largest_region");
        PixelBox found = new PixelBox(box.get("x").asInt(), box.get("y").asInt(), box.get("width").asInt(), box.get("height").asInt());
        // located as the development set's statistics count it (IoU ≥ 0.3): the region is whole 32-pixel
        // cells, and grows into naturally smooth cells beside the box
        assertTrue(found.iou(retouched) >= 0.3, found + " for " + retouched);
        assertTrue(found.intersection(retouched) >= 0.8 * retouched.area(), found + " for " + retouched);
        assertEquals(List.of(dir.resolve("filtering.png").toString()), result.artifacts());
        assertTrue(Files.size(dir.resolve("filtering.png")) > 0);
    }

    private static BufferedImage small() {
        return JpegFixtures.scaled(CarefulForgeries.pixels(), WIDTH, HEIGHT);
    }

    private ToolResult run(byte[] jpeg, Path dir) throws Exception {
        return tool.run(new ToolContext(JpegFixtures.loaded("small.jpg", jpeg), dir), JsonNodeFactory.instance.objectNode());
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
