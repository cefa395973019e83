package dev.loupe.tool.forensic.copymove;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.forensic.PhotoFixtures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** copy_move reads a JPEG's luminance plane as it would read the fully decoded pixels. */
class CopyMovePathsTest {

    @Test
    void describes_camera_photos_alike_from_planes_and_from_decoded_pixels() throws IOException {
        for (String path : List.of(PhotoFixtures.NIKON, PhotoFixtures.CANON, PhotoFixtures.OREGON)) {
            byte[] bytes = PhotoFixtures.resource(path);
            LoadedImage jpeg = PhotoFixtures.loaded("p.jpg", bytes);
            // declared as another format, the image reaches the tool through its ImageIO decode
            LoadedImage decoded = PhotoFixtures.undecoded("p.jpg", bytes, ImageFormat.TIFF, jpeg.width(), jpeg.height());
            JsonNode fromPlanes = run(jpeg);
            JsonNode fromPixels = run(decoded);
            assertEquals(fromPixels.get("analysis_width"), fromPlanes.get("analysis_width"), path);
            assertEquals(fromPixels.get("regions_found"), fromPlanes.get("regions_found"), path);
            double textured = fromPixels.get("textured_blocks").asDouble();
            assertEquals(textured, fromPlanes.get("textured_blocks").asDouble(), 0.005 * textured, path);
        }
    }

    private static JsonNode run(LoadedImage image) throws IOException {
        return new CopyMoveTool().run(ToolContext.of(image), JsonNodeFactory.instance.objectNode()).data();
    }
}
