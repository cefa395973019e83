package dev.loupe.cli;

import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The offline composition critique on two real photographs (cli/src/test/resources/composition/SOURCE.md):
 * the subject of a close-up portrait is the face the detect family finds, not a speck of saliency, and
 * an indoor picture has no horizon, which the critique says instead of measuring a table's tilt.
 */
class CompositionCritiqueHonestyTest {

    @TempDir
    Path dir;

    private List<String> critique(String resource) {
        Path image = TestImages.copy("/composition/" + resource, dir);
        CliRun run = CliRun.of("analyze", image.toString(), "--graph", "composition", "--store", "memory");
        assertEquals(0, run.exitCode(), run.err());
        return run.outLines();
    }

    @Test
    void a_close_up_portrait_s_subject_is_its_face_and_it_is_not_told_to_move_closer() {
        List<String> lines = critique("portrait-astronaut.jpg");

        assertTrue(lines.contains("       8 framing: The face covers 4% of the frame: a close portrait."), String.join("\n", lines));
        assertTrue(lines.contains("       6 rule of thirds: The face (x 0.44, y 0.24) is neither on a thirds crossing nor in the centre."),
                String.join("\n", lines));
        assertTrue(lines.contains("    not judged: horizon: no horizon found (the strongest level line (y 0.67) has as much detail "
                + "above it as below: no sky)"), String.join("\n", lines));
        assertFalse(String.join("\n", lines).contains("move closer"));
        assertFalse(String.join("\n", lines).contains("Rotate the picture"));
    }

    @Test
    void an_indoor_picture_has_no_horizon_and_the_critique_says_so() {
        List<String> lines = critique("indoor-coffee.jpg");

        assertTrue(lines.contains("    not judged: horizon: no horizon found (the strongest level line lies at the frame's edge (y 0.94))"),
                String.join("\n", lines));
        assertTrue(lines.stream().noneMatch(line -> line.matches("\\s+\\d+ horizon:.*")), String.join("\n", lines));
        assertFalse(String.join("\n", lines).contains("Rotate the picture"));
    }
}
