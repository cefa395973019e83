package dev.loupe.tool.forensic.sameq;

import dev.loupe.image.jpeg.CameraEncoder;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.ToolRuns;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Oregon Scientific DS6639's photo, whose luminance table has no step of 1 (its smallest is 2):
 * decoding's rounding alone moves nothing on a re-save, so the tool measures a whole decode and
 * re-encode against perturbed blocks of the same file.
 */
class SameQuantizationRoundTripTest {

    private static final byte[] CAMERA = JpegFixtures.resource(JpegFixtures.OREGON);

    private final SameQuantizationTool tool = new SameQuantizationTool();

    @Test
    void the_camera_original_moves_as_a_first_save_does() throws Exception {
        ToolResult result = run(CAMERA, null);

        assertEquals(List.of("same_q_first_generation"), codes(result));
        assertTrue(result.data().get("method").asText().startsWith("perturbed round trip (seed 16)"));
        double ratio = result.data().get("resave_ratio").asDouble();
        assertTrue(ratio > 0.5 && ratio < 1.5, "ratio " + ratio);
        assertFalse(result.data().has("largest_region"));
    }

    @Test
    void the_photo_saved_again_with_its_own_tables_sits_at_the_fixed_point() throws Exception {
        byte[] resave = CameraEncoder.imitating(CAMERA).encode(JpegFixtures.decode(CAMERA));

        ToolResult result = run(resave, null);

        assertEquals(List.of("same_q_resaved"), codes(result));
        assertTrue(result.data().get("resave_ratio").asDouble() < 0.05, result.data().toString());
        assertTrue(result.findings().get(0).detail().contains("libjpeg-family editor"));
    }

    @Test
    void a_careful_splice_is_saved_again_though_its_region_is_not_located() throws Exception {
        byte[] splice = CameraEncoder.imitating(CAMERA).encode(Forgeries.splice(Forgeries.copy(JpegFixtures.decode(CAMERA)),
                Forgeries.copy(JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.NIKON)))));

        ToolResult whole = run(splice, null);
        ToolResult second = run(splice, ToolRuns.region(Forgeries.spliceRegion(1600, 1200)));

        assertEquals(List.of("same_q_resaved"), codes(whole));
        assertEquals(List.of("same_q_resaved"), codes(second));
        assertFalse(second.data().get("region_tested").asBoolean());
    }

    @Test
    void the_perturbation_is_seeded_so_two_runs_agree() throws Exception {
        assertEquals(run(CAMERA, null).data(), run(CAMERA, null).data());
    }

    @Test
    void a_table_of_large_steps_with_nothing_to_move_is_not_judged() throws Exception {
        byte[] coarse = JpegFixtures.encode(JpegFixtures.decode(CAMERA), 20);

        ToolResult result = run(coarse, null);

        assertEquals(ToolStatus.NOT_APPLICABLE, result.status());
        assertTrue(result.error().contains("too few to judge"), result.error());
    }

    private ToolResult run(byte[] jpeg, com.fasterxml.jackson.databind.JsonNode arguments) throws Exception {
        return tool.run(new ToolContext(JpegFixtures.loaded("test.jpg", jpeg), null), arguments);
    }

    @Test
    void a_large_picture_is_judged_on_its_central_window_and_reads_the_same() throws Exception {
        byte[] resave = CameraEncoder.imitating(CAMERA).encode(JpegFixtures.decode(CAMERA));
        dev.loupe.image.jpeg.JpegStructure original = dev.loupe.image.jpeg.JpegStructureParser.parse(CAMERA);

        PerturbedResave.Measurement window = PerturbedResave.measure(CAMERA, original, 640);
        PerturbedResave.Measurement whole = PerturbedResave.measure(CAMERA, original, Integer.MAX_VALUE);
        PerturbedResave.Measurement resaved = PerturbedResave.measure(resave, dev.loupe.image.jpeg.JpegStructureParser.parse(resave), 640);

        assertEquals(whole.changes().length, window.changes().length);
        long measured = 0;
        int top = Integer.MAX_VALUE;
        int bottom = -1;
        int left = Integer.MAX_VALUE;
        int right = -1;
        for (int i = 0; i < window.changes().length; i++) {
            if (window.changes()[i] != dev.loupe.tool.forensic.jpeg.ResaveChanges.NOT_MEASURED) {
                measured++;
                top = Math.min(top, i / 200);
                bottom = Math.max(bottom, i / 200);
                left = Math.min(left, i % 200);
                right = Math.max(right, i % 200);
            }
        }
        // 640 pixels are 80 blocks: the measured blocks lie in an 80-block square about the centre (200 x 150 blocks)
        assertTrue(bottom - top < 80 && right - left < 80 && top > 20 && left > 40, top + "-" + bottom + ", " + left + "-" + right);
        assertTrue(measured > 1000 && measured <= 80 * 80 / 2, "measured " + measured);
        assertTrue(window.referenceBlocks() < whole.referenceBlocks() / 3, window + " " + whole);
        double ratio = moved(window) / window.expected();
        assertTrue(ratio > 0.5 && ratio < 1.5, "window ratio " + ratio + ", whole " + moved(whole) / whole.expected());
        assertTrue(moved(resaved) / resaved.expected() < 0.05, "re-save " + moved(resaved) / resaved.expected());
    }

    /** The mean coefficients moved per measured block. */
    private static double moved(PerturbedResave.Measurement m) {
        long blocks = 0;
        long moved = 0;
        for (byte change : m.changes()) {
            if (change != dev.loupe.tool.forensic.jpeg.ResaveChanges.NOT_MEASURED) {
                blocks++;
                moved += change;
            }
        }
        return (double) moved / blocks;
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
