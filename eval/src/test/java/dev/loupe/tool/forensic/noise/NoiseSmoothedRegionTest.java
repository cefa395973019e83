package dev.loupe.tool.forensic.noise;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.CarefulForgeries;
import dev.loupe.tool.forensic.region.PixelBox;
import org.junit.jupiter.api.Test;

import java.awt.Rectangle;
import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A local retouch under the camera's own tables leaves a region whose sensor noise is gone. */
class NoiseSmoothedRegionTest {

    private final NoiseTool tool = new NoiseTool();

    @Test
    void a_careful_retouch_is_a_smoothed_region_over_the_retouched_box() throws IOException {
        ToolResult result = run(CarefulForgeries.retouch());

        assertTrue(codes(result).contains("noise_smoothed_region"), codes(result));
        Rectangle edited = Forgeries.retouchRegion(3072, 2304);
        PixelBox retouched = new PixelBox(edited.x, edited.y, edited.width, edited.height);
        JsonNode smoothed = null;
        for (JsonNode region : result.data().get("regions")) {
            if (region.get("smoothed").asBoolean()) {
                smoothed = region;
                break;
            }
        }
        JsonNode box = smoothed.get("box");
        PixelBox found = new PixelBox(box.get("x").asInt(), box.get("y").asInt(), box.get("width").asInt(), box.get("height").asInt());
        assertTrue(found.iou(retouched) >= 0.5, "IoU " + found.iou(retouched) + " of " + found);
        assertTrue(smoothed.get("ratio_to_expected").asDouble() <= NoiseTool.SMOOTHED_RATIO, smoothed.toString());
    }

    @Test
    void neither_the_camera_original_nor_its_re_save_has_a_smoothed_region() throws IOException {
        assertFalse(codes(run(CarefulForgeries.original())).contains("noise_smoothed_region"));
        assertFalse(codes(run(CarefulForgeries.resave())).contains("noise_smoothed_region"));
    }

    private ToolResult run(byte[] jpeg) throws IOException {
        return tool.run(new ToolContext(JpegFixtures.loaded("test.jpg", jpeg), null), JsonNodeFactory.instance.objectNode());
    }

    private static String codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList().toString();
    }
}
