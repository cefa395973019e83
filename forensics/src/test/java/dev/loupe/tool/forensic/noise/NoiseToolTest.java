package dev.loupe.tool.forensic.noise;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.region.PixelBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NoiseToolTest {

    private static final PixelBox PASTED = new PixelBox(300, 1300, 400, 300);

    private final NoiseTool tool = new NoiseTool();

    private ToolResult run(byte[] bytes, Path artifacts) throws IOException {
        return tool.run(new ToolContext(PhotoFixtures.loaded("test.jpg", bytes), artifacts), JsonNodeFactory.instance.objectNode());
    }

    /** A 200×150 piece of the Nikon photo, enlarged twice (as a forger fits a pasted object), on the Canon photo's wall. */
    private static byte[] canonWithEnlargedNikonPatch() {
        BufferedImage canon = PhotoFixtures.rgbCopy(PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.CANON)));
        BufferedImage nikon = PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.NIKON));
        Graphics2D g = canon.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(nikon.getSubimage(1200, 1000, 200, 150), PASTED.x(), PASTED.y(), PASTED.width(), PASTED.height(), null);
        g.dispose();
        return PhotoFixtures.jpeg(canon, 0.95f);
    }

    @Test
    void locates_a_pasted_patch_whose_noise_differs_from_the_photo_as_its_largest_region(@TempDir Path dir) throws IOException {
        ToolResult result = run(canonWithEnlargedNikonPatch(), dir);

        assertEquals(ToolStatus.OK, result.status());
        assertEquals("noise_inconsistent_region", result.findings().get(0).code());
        JsonNode region = result.data().get("regions").get(0);
        PixelBox found = box(region.get("box"));
        assertTrue(found.iou(PASTED) >= 0.5, "IoU " + found.iou(PASTED) + " of " + found);
        assertTrue(region.get("ratio_to_expected").asDouble() < 0.5, region.toString());
        assertTrue(Files.isRegularFile(dir.resolve("noise.png")));
    }

    @Test
    void finds_the_noise_of_an_edited_but_not_spliced_photo_consistent() throws IOException {
        ToolResult result = run(PhotoFixtures.resource("/data/images/jpg/7/_DSC6099.jpg"), null);

        assertEquals(1, result.findings().size());
        assertEquals("noise_consistent", result.findings().get(0).code());
        assertEquals(0, result.data().get("regions").size());
    }

    @Test
    void measures_a_six_megapixel_camera_photo_on_every_other_pixel_of_64_pixel_blocks() throws IOException {
        ToolResult result = run(PhotoFixtures.resource(PhotoFixtures.NIKON), null);

        assertEquals(64, result.data().get("block_size").asInt());
        assertEquals(2, result.data().get("sample_step").asInt());
        assertEquals((3008 - 2) / 64 * ((2000 - 2) / 64), result.data().get("blocks").asInt());
        double sigma = result.data().get("median_sigma").asDouble();
        assertTrue(sigma > 0.2 && sigma < 2.0, "median sigma " + sigma);
    }

    private static PixelBox box(JsonNode node) {
        return new PixelBox(node.get("x").asInt(), node.get("y").asInt(), node.get("width").asInt(), node.get("height").asInt());
    }
}
