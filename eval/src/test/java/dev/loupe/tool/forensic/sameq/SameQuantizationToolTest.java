package dev.loupe.tool.forensic.sameq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.CarefulForgeries;
import dev.loupe.tool.forensic.ToolRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Rectangle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.loupe.tool.forensic.ToolRuns.codes;
import static dev.loupe.tool.forensic.ToolRuns.region;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SameQuantizationToolTest {

    private static final int WIDTH = 3072;
    private static final int HEIGHT = 2304;

    private final SameQuantizationTool tool = new SameQuantizationTool();

    @Test
    void the_camera_original_moves_on_a_re_save_as_a_file_compressed_once() throws Exception {
        ToolResult result = run(CarefulForgeries.original(), null, null);

        assertEquals(List.of("same_q_first_generation"), codes(result));
        double ratio = result.data().get("resave_ratio").asDouble();
        assertTrue(ratio > 0.9 && ratio < 1.1, "ratio " + ratio);
    }

    @Test
    void the_camera_photo_saved_again_with_its_own_tables_is_resaved_with_no_region(@TempDir Path dir) throws Exception {
        ToolResult result = run(CarefulForgeries.resave(), dir, null);

        assertEquals(List.of("same_q_resaved"), codes(result));
        double ratio = result.data().get("resave_ratio").asDouble();
        assertTrue(ratio > 0.4 && ratio < 0.6, "ratio " + ratio);
        assertEquals(List.of(dir.resolve("same-q.png").toString()), result.artifacts());
        assertTrue(Files.size(dir.resolve("same-q.png")) > 0);
    }

    @Test
    void a_careful_splice_is_the_region_compressed_once() throws Exception {
        ToolResult result = run(CarefulForgeries.splice(), null, null);

        assertEquals(List.of("same_q_single_compressed_region"), codes(result));
        assertLocated(result, Forgeries.spliceRegion(WIDTH, HEIGHT));
    }

    @Test
    void a_careful_retouch_is_the_region_compressed_once() throws Exception {
        ToolResult result = run(CarefulForgeries.retouch(), null, null);

        assertEquals(List.of("same_q_single_compressed_region"), codes(result));
        assertLocated(result, Forgeries.retouchRegion(WIDTH, HEIGHT));
    }

    @Test
    void a_second_look_at_the_spliced_box_finds_it_compressed_once_and_elsewhere_consistent() throws Exception {
        byte[] splice = CarefulForgeries.splice();
        ToolResult spliced = run(splice, null, region(Forgeries.spliceRegion(WIDTH, HEIGHT)));
        assertEquals(List.of("same_q_region_single_compressed"), codes(spliced));
        ToolResult elsewhere = run(splice, null, region(new Rectangle(200, 1400, 600, 460)));
        assertEquals(List.of("same_q_region_consistent"), codes(elsewhere));
    }

    @Test
    void a_first_save_by_a_libjpeg_encoder_with_a_table_of_no_step_of_1_is_first_generation() throws Exception {
        byte[] q90 = JpegFixtures.encode(JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.NIKON)), 90);
        ToolResult result = run(q90, null, null);

        assertEquals(List.of("same_q_first_generation"), codes(result));
        assertTrue(result.data().get("method").asText().startsWith("perturbed round trip"), result.data().toString());
    }

    @Test
    void a_region_outside_the_image_is_an_error() throws Exception {
        ToolResult result = run(CarefulForgeries.original(), null, region(new Rectangle(5000, 5000, 50, 50)));
        assertEquals(ToolStatus.ERROR, result.status());
    }

    /** The located region lies mostly on the edited box and covers most of it. */
    private static void assertLocated(ToolResult result, Rectangle edited) {
        ToolRuns.assertLocated(result, edited, 0.6, 0.6);
    }

    private ToolResult run(byte[] jpeg, Path dir, JsonNode arguments) throws Exception {
        return ToolRuns.run(tool, jpeg, dir, arguments);
    }
}
