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

    @Test
    void squared_errors_without_division_are_those_of_the_division() {
        int[] fileSteps = {1, 2, 3, 7, 16, 99, 255, 1000, 0xFFFF};
        int[] magnitudes = {0, 1, 63, 64, 65, 127, 128, 1023, 2047, 2048, 4095, 16383, 32766, Short.MAX_VALUE,
                Short.MAX_VALUE + 1, 1 << 20, Integer.MAX_VALUE, Integer.MIN_VALUE};
        java.util.Random random = new java.util.Random(17);
        for (int target = 1; target <= 255; target++) {
            double inverse = 1.0 / target;
            for (int fileStep : fileSteps) {
                for (int magnitude : magnitudes) {
                    assertEquals(GhostErrors.squaredError(Math.abs((long) magnitude), fileStep, target),
                            GhostErrors.squaredError(magnitude, fileStep, target, inverse),
                            magnitude + " x " + fileStep + " to steps of " + target);
                }
                for (int i = 0; i < 2000; i++) {
                    int magnitude = random.nextInt(Short.MAX_VALUE + 1);
                    assertEquals(GhostErrors.squaredError(magnitude, fileStep, target),
                            GhostErrors.squaredError(magnitude, fileStep, target, inverse),
                            magnitude + " x " + fileStep + " to steps of " + target);
                }
            }
            // every multiple of the step and its neighbours, where a quotient off by one would show
            for (int m = 0; m < 2000; m++) {
                for (int delta = -1; delta <= 1; delta++) {
                    int magnitude = Math.max(0, m * target + delta);
                    assertEquals(GhostErrors.squaredError(magnitude, 1, target),
                            GhostErrors.squaredError(magnitude, 1, target, inverse), magnitude + " to steps of " + target);
                }
            }
        }
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
