package dev.loupe.tool.forensic.regionmap;

import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.forensic.ForgeryImages;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.keypoints.FeatheredClone;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.loupe.tool.forensic.ToolRuns.assertLocated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RegionMapToolTest {

    private final RegionMapTool tool = new RegionMapTool();

    @Test
    void a_pasted_patch_is_the_region_the_combined_map_names(@TempDir Path dir) throws Exception {
        ToolResult result = tool.run(new ToolContext(LocalForgeries.misaligned(PhotoFixtures.CANON, PhotoFixtures.OREGON), dir), null);

        assertEquals("region_map_suspect_region", result.findings().get(0).code());
        assertLocated(result.data().get("region"), LocalForgeries.REGION, 0, 0.6);
        assertTrue(Files.size(dir.resolve("region-map.png")) > 0);
    }

    @Test
    void a_patch_pasted_between_two_saves_at_other_qualities_is_the_region_the_double_quantization_names() throws Exception {
        var image = LocalForgeries.pastedBetweenSaves(PhotoFixtures.NIKON, 80, 95);
        ToolResult result = tool.run(ToolContext.of(image), null);

        assertEquals("region_map_suspect_region", result.findings().get(0).code());
        assertLocated(result.data().get("region"), LocalForgeries.REGION, 0, 0.6);
        assertTrue(result.data().get("components").toString().contains("\"adq\""), result.data().get("components").toString());
    }

    @Test
    void a_rotated_scaled_copy_is_marked_by_the_keypoint_component_and_an_untouched_photo_has_none() throws Exception {
        BufferedImage photo = ForgeryImages.cameraCrop(JpegFixtures.NIKON);
        FeatheredClone clone = FeatheredClone.of(photo, 230, 500, 110, 80, 20, 1.15, 720, 260);
        var image = JpegFixtures.loaded("clone.jpg", JpegFixtures.encode(clone.image(), 92));

        Component keypoints = RegionMap.of(image, Weights.DEFAULT).components().stream()
                .filter(c -> c.name().equals("copy_move_keypoints")).findFirst().orElseThrow();

        assertEquals(RegionMap.CAP, keypoints.at(720, 260), 0.5, "the copy's centre");
        assertEquals(0, keypoints.at(120, 120), 1e-6, "a corner far from both sides");
        assertTrue(RegionMap.of(LocalForgeries.untouched(PhotoFixtures.NIKON), Weights.DEFAULT).components().stream()
                .noneMatch(c -> c.name().equals("copy_move_keypoints")));
    }

    @Test
    void an_untouched_photo_has_no_suspect_region() throws Exception {
        ToolResult result = tool.run(ToolContext.of(LocalForgeries.untouched(PhotoFixtures.NIKON)), null);

        assertEquals("region_map_clear", result.findings().get(0).code());
    }

    @Test
    void the_map_in_the_result_reads_back_to_within_a_level() throws Exception {
        var image = LocalForgeries.blurred(PhotoFixtures.CANON);
        RegionMap map = RegionMap.of(image, Weights.DEFAULT);
        ToolResult result = tool.run(ToolContext.of(image), null);
        ErrorLevelMap read = MapCodec.read(result.data().get("map"));

        assertEquals(map.fused().cols(), read.cols());
        assertEquals(map.fused().rows(), read.rows());
        for (int i = 0; i < read.rms().length; i++) {
            double expected = Math.min(RegionMap.CAP, map.fused().rms()[i]);
            assertEquals(expected, read.rms()[i], RegionMap.CAP / 255.0, "cell " + i);
        }
    }
}
