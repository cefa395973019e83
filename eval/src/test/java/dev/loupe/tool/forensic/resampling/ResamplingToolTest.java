package dev.loupe.tool.forensic.resampling;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.CarefulForgeries;
import dev.loupe.tool.forensic.region.PixelBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pictures made from the Canon SD750 photo and saved with the camera's own tables, EXIF and thumbnail. */
class ResamplingToolTest {

    private final ResamplingTool tool = new ResamplingTool();

    @Test
    void the_camera_original_has_no_interpolation_period() throws Exception {
        assertEquals(List.of("no_resampling"), codes(run(CarefulForgeries.original(), null)));
    }

    @Test
    void the_camera_photo_saved_again_unscaled_has_none_either() throws Exception {
        assertEquals(List.of("no_resampling"), codes(run(CarefulForgeries.resave(), null)));
    }

    @Test
    void the_photo_enlarged_by_a_quarter_is_resampled_with_its_period_and_a_heatmap(@TempDir Path dir) throws Exception {
        byte[] enlarged = CarefulForgeries.encode(Forgeries.scaled(CarefulForgeries.pixels(), 1.25));
        ToolResult result = run(enlarged, dir);

        assertEquals(List.of("resampled"), codes(result));
        // enlarging by 5/4 repeats the interpolation weights every 5 pixels: 0.2 cycles per pixel
        assertEquals(0.2, result.data().get("across").get("frequency").asDouble(), 0.01);
        assertTrue(result.findings().get(0).detail().contains("125%"), result.findings().get(0).detail());
        assertEquals(List.of(dir.resolve("resampling.png").toString()), result.artifacts());
        assertTrue(Files.size(dir.resolve("resampling.png")) > 0);
    }

    @Test
    void a_donor_enlarged_to_fit_is_a_resampled_region_where_it_was_pasted() throws Exception {
        BufferedImage picture = Forgeries.copy(CarefulForgeries.pixels());
        Rectangle at = Forgeries.spliceRegion(picture.getWidth(), picture.getHeight());
        BufferedImage donor = JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.NIKON));
        Graphics2D g = picture.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        // two thirds of the pasted box's size taken from the donor: enlarged by 1.5
        g.drawImage(donor, at.x, at.y, at.x + at.width, at.y + at.height, 1000, 800, 1000 + at.width * 2 / 3,
                800 + at.height * 2 / 3, null);
        g.dispose();
        ToolResult result = run(CarefulForgeries.encode(picture), null);

        assertEquals(List.of("resampled_region"), codes(result));
        JsonNode box = result.data().get("largest_region");
        PixelBox found = new PixelBox(box.get("x").asInt(), box.get("y").asInt(), box.get("width").asInt(), box.get("height").asInt());
        PixelBox pasted = new PixelBox(at.x, at.y, at.width, at.height);
        assertTrue(found.intersection(pasted) >= 0.5 * pasted.area(), found + " for " + pasted);
        assertTrue(found.intersection(pasted) >= 0.4 * found.area(), found + " for " + pasted);
    }

    @Test
    void a_picture_too_small_for_the_tiles_is_not_applicable() throws Exception {
        BufferedImage small = Forgeries.scaled(CarefulForgeries.pixels(), 0.08);
        ToolResult result = run(JpegFixtures.encode(small, 95), null);

        assertEquals(ToolStatus.NOT_APPLICABLE, result.status());
    }

    private ToolResult run(byte[] jpeg, Path dir) throws Exception {
        return tool.run(new ToolContext(JpegFixtures.loaded("test.jpg", jpeg), dir), JsonNodeFactory.instance.objectNode());
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
