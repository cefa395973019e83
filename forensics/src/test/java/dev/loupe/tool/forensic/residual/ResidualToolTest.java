package dev.loupe.tool.forensic.residual;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Rectangle;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.loupe.tool.forensic.ToolRuns.assertLocated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResidualToolTest {

    private final ResidualTool tool = new ResidualTool();

    @Test
    void a_blurred_region_has_less_residual_than_its_surroundings_and_is_named(@TempDir Path dir) throws Exception {
        ToolResult result = tool.run(new ToolContext(LocalForgeries.blurred(PhotoFixtures.CANON), dir), null);

        assertEquals("residual_inconsistent_region", result.findings().get(0).code());
        assertTrue(result.findings().get(0).detail().contains("less high-pass residual"), result.findings().get(0).detail());
        assertLocated(result.data().get("region"), LocalForgeries.REGION, 0.5, 0);
        assertTrue(result.data().get("region").get("mean_z").asDouble() < -3);
        assertTrue(Files.size(dir.resolve("noise-residual.png")) > 0);
    }

    @Test
    void a_patch_from_another_camera_stands_out_by_its_residual() throws Exception {
        ToolResult result = tool.run(ToolContext.of(LocalForgeries.misaligned(PhotoFixtures.CANON, PhotoFixtures.OREGON)), null);

        assertEquals("residual_inconsistent_region", result.findings().get(0).code());
        assertTrue(box(result).intersects(LocalForgeries.REGION), "found " + box(result));
    }

    @Test
    void untouched_camera_crops_are_consistent() throws Exception {
        for (String photo : new String[] {PhotoFixtures.CANON, PhotoFixtures.NIKON}) {
            LoadedImage image = LocalForgeries.untouched(photo);
            assertEquals("residual_consistent", tool.run(ToolContext.of(image), null).findings().get(0).code(), photo);
        }
    }

    @Test
    void the_same_image_gives_the_same_result() throws Exception {
        LoadedImage image = LocalForgeries.blurred(PhotoFixtures.NIKON);
        assertEquals(tool.run(ToolContext.of(image), null).toJson(), tool.run(ToolContext.of(image), null).toJson());
    }

    private static Rectangle box(ToolResult result) {
        var r = result.data().get("region");
        return new Rectangle(r.get("x").asInt(), r.get("y").asInt(), r.get("width").asInt(), r.get("height").asInt());
    }
}
