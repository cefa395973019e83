package dev.loupe.tool.forensic.copymove;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.region.PixelBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CopyMoveToolTest {

    private final CopyMoveTool tool = new CopyMoveTool();

    private ToolResult run(byte[] bytes, Path artifacts) throws IOException {
        return tool.run(new ToolContext(PhotoFixtures.loaded("test.jpg", bytes), artifacts), JsonNodeFactory.instance.objectNode());
    }

    /** Copies a 96×96 patch of the Canon photo's patterned shirt elsewhere in the photo, saved at quality 0.92. */
    private static byte[] canonWithClone(int sx, int sy, int tx, int ty) {
        BufferedImage photo = PhotoFixtures.rgbCopy(PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.CANON)));
        BufferedImage patch = PhotoFixtures.rgbCopy(photo.getSubimage(sx, sy, 96, 96));
        photo.getGraphics().drawImage(patch, tx, ty, null);
        return PhotoFixtures.jpeg(photo, 0.92f);
    }

    @Test
    void finds_a_96_pixel_clone_in_the_canon_photo_with_its_offset_and_both_regions(@TempDir Path dir) throws IOException {
        assertCloneFound(1296, 448, 1800, 1900, dir);
    }

    @Test
    void finds_a_clone_whose_offset_is_not_a_multiple_of_the_analysis_scale(@TempDir Path dir) throws IOException {
        assertCloneFound(1290, 1501, 603, 1102, dir);
    }

    @Test
    void finds_a_clone_moved_left_and_up(@TempDir Path dir) throws IOException {
        assertCloneFound(1500, 700, 401, 302, dir);
    }

    @Test
    void finds_a_clone_of_foliage_in_the_oregon_photo_saved_at_quality_90(@TempDir Path dir) throws IOException {
        BufferedImage photo = PhotoFixtures.rgbCopy(PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.OREGON)));
        BufferedImage patch = PhotoFixtures.rgbCopy(photo.getSubimage(150, 120, 96, 96));
        photo.getGraphics().drawImage(patch, 1250, 203, null);

        ToolResult result = run(PhotoFixtures.jpeg(photo, 0.90f), dir);

        assertEquals(1, result.findings().size(), result.toJson().toString());
        JsonNode pair = result.data().get("pairs").get(0);
        assertEquals(1100, pair.get("dx").asInt(), 4.0);
        assertEquals(83, pair.get("dy").asInt(), 4.0);
    }

    private void assertCloneFound(int sx, int sy, int tx, int ty, Path dir) throws IOException {
        ToolResult result = run(canonWithClone(sx, sy, tx, ty), dir);

        assertEquals(ToolStatus.OK, result.status());
        assertEquals(1, result.findings().size());
        assertEquals("copy_move_detected", result.findings().get(0).code());
        JsonNode pair = result.data().get("pairs").get(0);
        // the pair is reported with a rightward (or downward) shift, whichever way the copy went
        boolean reversed = tx < sx || (tx == sx && ty < sy);
        PixelBox original = new PixelBox(sx, sy, 96, 96);
        PixelBox copy = new PixelBox(tx, ty, 96, 96);
        int sign = reversed ? -1 : 1;
        assertEquals(sign * (tx - sx), pair.get("dx").asInt(), 4.0);
        assertEquals(sign * (ty - sy), pair.get("dy").asInt(), 4.0);
        assertTrue(box(pair.get("source")).intersection(reversed ? copy : original) > 0, pair.toString());
        assertTrue(box(pair.get("target")).intersection(reversed ? original : copy) > 0, pair.toString());
        assertTrue(Files.isRegularFile(dir.resolve("copy_move.png")));
    }

    @Test
    void reports_no_clone_in_untouched_photographs() throws IOException {
        for (String path : PhotoFixtures.UNTOUCHED) {
            ToolResult result = run(PhotoFixtures.resource(path), null);
            assertEquals(0, result.findings().size(), path + ": " + result.toJson());
        }
    }

    private static PixelBox box(JsonNode node) {
        return new PixelBox(node.get("x").asInt(), node.get("y").asInt(), node.get("width").asInt(), node.get("height").asInt());
    }
}
