package dev.loupe.tool.forensic.blockgrid;

import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ForgeryImages;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GridToolTest {

    private final GridTool tool = new GridTool();

    @Test
    void a_patch_from_a_jpeg_pasted_off_the_grid_keeps_its_own_grid_and_is_named() throws Exception {
        ToolResult result = tool.run(ToolContext.of(LocalForgeries.misaligned(PhotoFixtures.CANON, PhotoFixtures.OREGON)), null);

        assertTrue(codes(result).contains("grid_misaligned_region"), result.data().toString());
        var r = result.data().get("region");
        Rectangle found = new Rectangle(r.get("x").asInt(), r.get("y").asInt(), r.get("width").asInt(), r.get("height").asInt());
        assertTrue(found.intersects(LocalForgeries.REGION), "found " + found);
        assertEquals(0, result.data().get("frame_column_phase").asInt()); // the frame's grid, not the patch's stronger one
        assertEquals(0, result.data().get("frame_row_phase").asInt());
    }

    @Test
    void an_untouched_jpeg_has_one_grid_at_the_origin() throws Exception {
        ToolResult result = tool.run(ToolContext.of(LocalForgeries.untouched(PhotoFixtures.NIKON)), null);

        assertEquals(List.of("grid_consistent"), codes(result));
    }

    @Test
    void a_jpeg_cropped_by_3_columns_and_2_rows_then_saved_losslessly_has_its_grid_at_5_6() throws Exception {
        BufferedImage decoded = JpegFixtures.decode(JpegFixtures.encode(ForgeryImages.cameraCrop(PhotoFixtures.NIKON), 85));
        BufferedImage cropped = ForgeryImages.copy(decoded.getSubimage(3, 2, 1000, 760));
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(cropped, "png", png);
        ToolResult result = tool.run(ToolContext.of(PhotoFixtures.loaded("cropped.png", png.toByteArray())), null);

        assertEquals(List.of("grid_shifted_frame", "grid_consistent"), codes(result));
        assertEquals(5, result.data().get("frame_column_phase").asInt());
        assertEquals(6, result.data().get("frame_row_phase").asInt());
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
