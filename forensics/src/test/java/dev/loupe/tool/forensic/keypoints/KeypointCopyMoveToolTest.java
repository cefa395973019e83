package dev.loupe.tool.forensic.keypoints;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ForgeryImages;
import dev.loupe.tool.forensic.pixel.PixelSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeypointCopyMoveToolTest {

    private static final Rectangle SOURCE = new Rectangle(120, 420, 220, 160);

    private final KeypointCopyMoveTool tool = new KeypointCopyMoveTool();

    @Test
    void a_region_cloned_rotated_by_30_degrees_and_scaled_by_1_2_is_found_with_its_source_and_target(@TempDir Path dir)
            throws Exception {
        ToolResult result = run(JpegFixtures.encode(cloned(30, 1.2), 90), dir);

        assertEquals(List.of("copy_move_transformed"), codes(result));
        JsonNode region = result.data().get("regions").get(0);
        double angle = region.get("angle").asDouble();
        double scale = region.get("scale").asDouble();
        // which side is the copy is not known: the transform or its inverse
        boolean forward = Math.abs(angle - 30) < 3 && Math.abs(scale - 1.2) < 0.06;
        boolean backward = Math.abs(angle + 30) < 3 && Math.abs(scale - 1 / 1.2) < 0.05;
        assertTrue(forward || backward, "angle " + angle + ", scale " + scale);
        Rectangle original = box(region.get(forward ? "source" : "target"));
        Rectangle copy = box(region.get(forward ? "target" : "source"));
        assertTrue(SOURCE.contains(original.getCenterX(), original.getCenterY()), "source " + original);
        assertTrue(copy.getCenterX() > 500 && copy.getCenterY() < 400, "target " + copy);
        assertTrue(region.get("lines").size() >= 10);
        assertTrue(Files.size(dir.resolve("copy-move-keypoints.png")) > 0);
    }

    @Test
    void a_region_cloned_at_45_degrees_and_shrunk_to_0_8_is_found() throws Exception {
        ToolResult result = run(JpegFixtures.encode(cloned(-45, 0.8), 90), null);
        assertEquals(List.of("copy_move_transformed"), codes(result));
    }

    @Test
    void a_feathered_copy_rotated_by_20_degrees_and_scaled_by_1_15_is_found_and_its_mask_covers_most_of_the_copy() throws Exception {
        BufferedImage photo = ForgeryImages.cameraCrop(JpegFixtures.NIKON);
        FeatheredClone clone = FeatheredClone.of(photo, 230, 500, 110, 80, 20, 1.15, 720, 260);
        var image = JpegFixtures.loaded("clone.jpg", JpegFixtures.encode(clone.image(), 92));

        ToolResult result = tool.run(new ToolContext(image, null), null);

        assertEquals(List.of("copy_move_transformed"), codes(result));
        KeypointClones clones = KeypointClones.of(image, PixelSource.of(image));
        ClonedRegion region = clones.regions().get(0);
        // the transform or its inverse: which side is the copy is not known
        boolean forward = Math.abs(region.angle() - 20) < 2 && Math.abs(region.scale() - 1.15) < 0.04;
        boolean backward = Math.abs(region.angle() + 20) < 2 && Math.abs(region.scale() - 1 / 1.15) < 0.04;
        assertTrue(forward || backward, region.angle() + "°, " + region.scale());
        CloneCorrelation.SideMask copyMask = forward ? region.targetMask() : region.sourceMask();
        int copyPixels = 0;
        int covered = 0;
        int outside = 0;
        for (int y = 0; y < clones.planeHeight(); y++) {
            for (int x = 0; x < clones.planeWidth(); x++) {
                boolean truth = clone.copy()[y * photo.getWidth() + x];
                copyPixels += truth ? 1 : 0;
                covered += truth && copyMask.contains(x, y) ? 1 : 0;
                outside += !truth && copyMask.contains(x, y) ? 1 : 0;
            }
        }
        // the photo is flat in part of the copy: nothing correlates there
        assertTrue(covered >= 0.7 * copyPixels, covered + " of " + copyPixels + " copy pixels in the mask");
        assertTrue(outside <= 0.15 * copyPixels, outside + " pixels of the mask outside the copy");
    }

    @Test
    void a_tiled_pattern_matches_itself_by_shifts_only_and_is_no_clone() throws Exception {
        BufferedImage tile = ForgeryImages.cameraCrop(JpegFixtures.NIKON).getSubimage(300, 200, 160, 128);
        BufferedImage wall = new BufferedImage(1024, 768, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = wall.createGraphics();
        for (int y = 0; y < 768; y += 128) {
            for (int x = 0; x < 1024; x += 160) {
                g.drawImage(tile, x, y, null);
            }
        }
        g.dispose();

        ToolResult result = run(JpegFixtures.encode(wall, 90), null);

        assertEquals(List.of("no_keypoint_clone"), codes(result));
        JsonNode refused = result.data().get("refused");
        assertTrue(refused.size() > 0 && refused.get(0).get("reason").asText().equals("hardly rotated"), refused.toString());
    }

    @Test
    void untouched_photos_have_no_keypoint_clone() throws Exception {
        for (String photo : List.of(JpegFixtures.NIKON, JpegFixtures.CANON, JpegFixtures.OREGON)) {
            ToolResult result = run(JpegFixtures.resource(photo), null);
            assertEquals(List.of("no_keypoint_clone"), codes(result), photo);
        }
    }

    /** The camera crop with SOURCE copied, rotated by {@code degrees} and scaled, into its upper right. */
    static BufferedImage cloned(double degrees, double scale) {
        BufferedImage image = ForgeryImages.cameraCrop(JpegFixtures.NIKON);
        BufferedImage patch = ForgeryImages.copy(image.getSubimage(SOURCE.x, SOURCE.y, SOURCE.width, SOURCE.height));
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        AffineTransform at = new AffineTransform();
        at.translate(720, 200);
        at.rotate(Math.toRadians(degrees));
        at.scale(scale, scale);
        at.translate(-SOURCE.width / 2.0, -SOURCE.height / 2.0);
        g.drawImage(patch, at, null);
        g.dispose();
        return image;
    }

    private static Rectangle box(JsonNode node) {
        return new Rectangle(node.get("x").asInt(), node.get("y").asInt(), node.get("width").asInt(), node.get("height").asInt());
    }

    private ToolResult run(byte[] jpeg, Path dir) throws IOException {
        return tool.run(new ToolContext(JpegFixtures.loaded("test.jpg", jpeg), dir), null);
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
