package dev.loupe.tool.forensic.copymove;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.PhotoFixtures;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Content that recurs across a scene (the letters of a sign, a connector's fingers, tiles) matches each
 * of its recurrences, at shifts in every direction; a copied region matches its copy. Made from the
 * Canon photo: a 96-pixel patch of its patterned shirt put at several places that lie on no one line.
 */
class RecurringContentTest {

    private static final int SX = 1296;
    private static final int SY = 448;
    /** Places that lie on no one line, so no two shifts between them are parallel. */
    private static final int[][] PLACES = {{1800, 1900}, {450, 1300}, {2500, 700}, {300, 250}, {2300, 1750}};

    private final CopyMoveTool tool = new CopyMoveTool();

    @Test
    void a_patch_that_recurs_six_times_across_the_picture_is_the_scenes_own_repetition() throws IOException {
        ToolResult result = run(stamped(PLACES.length));

        assertEquals(ToolStatus.OK, result.status());
        assertEquals(0, result.findings().size(), result.toJson().toString());
    }

    @Test
    void a_patch_cloned_twice_is_still_a_copy() throws IOException {
        ToolResult result = run(stamped(2));

        assertEquals(ToolStatus.OK, result.status());
        assertTrue(result.findings().size() >= 1, result.toJson().toString());
        assertTrue(result.findings().stream().allMatch(f -> f.code().equals("copy_move_detected")));
    }

    /** The Canon photo with its shirt patch at (SX, SY) copied to the first {@code copies} places, saved at quality 0.92. */
    private static byte[] stamped(int copies) {
        BufferedImage photo = PhotoFixtures.rgbCopy(PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.CANON)));
        BufferedImage patch = PhotoFixtures.rgbCopy(photo.getSubimage(SX, SY, 96, 96));
        for (int i = 0; i < copies; i++) {
            photo.getGraphics().drawImage(patch, PLACES[i][0], PLACES[i][1], null);
        }
        return PhotoFixtures.jpeg(photo, 0.92f);
    }

    private ToolResult run(byte[] bytes) throws IOException {
        return tool.run(new ToolContext(PhotoFixtures.loaded("test.jpg", bytes), null), JsonNodeFactory.instance.objectNode());
    }
}
