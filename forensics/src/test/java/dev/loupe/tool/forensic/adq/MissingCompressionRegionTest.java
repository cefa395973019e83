package dev.loupe.tool.forensic.adq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ForgeryImages;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;

import static dev.loupe.tool.forensic.ToolRuns.codes;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The calibrated test of {@code adq}: a camera-like first save (a camera crop saved at the first
 * quality on its own grid), a patch replaced or not, and the whole saved again with a library's
 * quality, as a forger who does not care saves.
 */
class MissingCompressionRegionTest {

    private static final String FINDING = "adq_first_compression_missing_region";
    private static final Rectangle PATCH = LocalForgeries.REGION;

    private final AdqTool tool = new AdqTool();

    @ParameterizedTest(name = "first save q{0}, library save q{1}")
    @CsvSource({"80, 95", "50, 75"})
    void a_patch_pasted_between_a_camera_like_save_and_a_library_save_is_the_region_missing_the_first_compression(
            int first, int second) throws Exception {
        ToolResult result = run(LocalForgeries.pastedBetweenSaves(PhotoFixtures.NIKON, first, second));

        assertTrue(codes(result).contains(FINDING), codes(result) + " " + result.data().path("first_compression"));
        JsonNode found = result.data().path("first_compression").path("largest_region");
        Rectangle box = new Rectangle(found.path("x").asInt(), found.path("y").asInt(), found.path("width").asInt(),
                found.path("height").asInt());
        Rectangle overlap = box.intersection(PATCH);
        assertTrue(overlap.width * overlap.height >= 0.5 * PATCH.width * PATCH.height, "found " + box);
        assertTrue(overlap.width * overlap.height >= 0.5 * box.width * box.height, "found " + box);
    }

    @ParameterizedTest(name = "first save q{0}, library save q{1}")
    @CsvSource({"80, 95", "50, 75", "90, 75"})
    void the_same_photo_saved_twice_without_a_patch_has_no_such_region(int first, int second) throws Exception {
        for (String photo : new String[] {PhotoFixtures.NIKON, PhotoFixtures.CANON}) {
            BufferedImage twice = ForgeryImages.saved(ForgeryImages.cameraCrop(photo), first);
            ToolResult result = run(PhotoFixtures.loaded("twice.jpg", JpegFixtures.encode(twice, second)));

            assertFalse(codes(result).contains(FINDING), photo + ": " + result.data().path("first_compression"));
        }
    }

    @ParameterizedTest(name = "saved once at q{0}")
    @CsvSource({"75", "95"})
    void a_photo_saved_once_has_no_first_compression_to_miss(int quality) throws Exception {
        ToolResult result = run(PhotoFixtures.loaded("once.jpg", JpegFixtures.encode(ForgeryImages.cameraCrop(
                PhotoFixtures.CANON), quality)));

        assertFalse(codes(result).contains(FINDING), result.data().path("first_compression").toString());
    }

    private ToolResult run(LoadedImage image) throws Exception {
        return tool.run(ToolContext.of(image), null);
    }
}
