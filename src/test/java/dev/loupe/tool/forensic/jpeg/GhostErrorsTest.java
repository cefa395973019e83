package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.CoefficientDecoder;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The pass takes the error levels of error level analysis from the ghosts' loop: they must be, to the
 * bit, what {@link RequantizationError} gives at the same quality, on camera files (tables of their
 * own, large DC terms) and on a quality-100 save (magnitudes past the lookup tables at every position).
 */
class GhostErrorsTest {

    @Test
    void the_error_level_quality_is_the_highest_ghost_quality() {
        assertEquals(GhostErrors.COUNT - 1, GhostErrors.LEVEL);
        assertEquals(CoefficientPass.DEFAULT_ELA_QUALITY, GhostErrors.quality(GhostErrors.LEVEL));
    }

    @Test
    void gives_the_error_levels_of_a_requantization_at_90_on_camera_files() {
        for (String photo : new String[] {JpegFixtures.NIKON, JpegFixtures.CANON, JpegFixtures.OREGON}) {
            byte[] file = JpegFixtures.resource(photo);
            assertSameLevels(file, photo);
        }
    }

    @Test
    void gives_the_error_levels_of_a_requantization_at_90_when_magnitudes_pass_the_tables() {
        BufferedImage photo = JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.NIKON)).getSubimage(400, 300, 512, 384);
        assertSameLevels(JpegFixtures.encode(photo, 100), "quality 100");
        assertSameLevels(JpegFixtures.encodeProgressive(photo, 100), "progressive, quality 100");
    }

    private static void assertSameLevels(byte[] file, String what) {
        JpegStructure structure = JpegStructureParser.parse(file);
        int[] table = structure.quantTableOf(0).orElseThrow().natural();
        GhostErrors ghosts = new GhostErrors(structure.frame(), table);
        RequantizationError reference = new RequantizationError(structure.frame(), table,
                IjgQuality.table(true, CoefficientPass.DEFAULT_ELA_QUALITY));
        CoefficientDecoder.decode(file, structure, ghosts);
        CoefficientDecoder.decode(file, structure, reference);
        assertArrayEquals(reference.rms(), ghosts.errorLevels(), what);
    }
}
