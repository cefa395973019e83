package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.LoadedImage;
import dev.loupe.testing.AllCoresTaken;
import dev.loupe.tool.forensic.PhotoFixtures;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared pass hands its transforms to a second core when one is free: what it yields must not
 * depend on whether one was (a busy eval and an idle server give the same verdicts).
 */
class CoefficientPassCoresTest {

    @Test
    void the_pass_on_two_cores_yields_to_the_bit_what_it_yields_on_one() throws Exception {
        byte[] file = Files.readAllBytes(Path.of("evaluation/samples/camera-original.jpg"));
        LoadedImage alone = PhotoFixtures.loaded("alone.jpg", file.clone());
        LoadedImage shared = PhotoFixtures.loaded("shared.jpg", file.clone());
        assertTrue(1600L * 1200 >= CoefficientPass.SECOND_CORE_PIXELS, "large enough to use a second core");

        CoefficientSummary one;
        try (AllCoresTaken taken = new AllCoresTaken()) {
            one = CoefficientPass.of(alone);
        }
        CoefficientSummary two = CoefficientPass.of(shared);
        CoefficientPass.release(alone);
        CoefficientPass.release(shared);

        assertNotNull(one.planes());
        assertEquals(one.outcome(), two.outcome());
        assertArrayEquals(one.planes().luma(), two.planes().luma());
        assertArrayEquals(one.planes().cb().means(), two.planes().cb().means());
        assertArrayEquals(one.planes().cr().means(), two.planes().cr().means());
        assertArrayEquals(one.errorLevels(), two.errorLevels());
        assertArrayEquals(one.ghosts(), two.ghosts());
        assertArrayEquals(one.resaves().changes(), two.resaves().changes());
        for (int position = 1; position <= one.histograms().positions(); position++) {
            assertArrayEquals(one.histograms().folded(position), two.histograms().folded(position));
            assertEquals(one.lowFrequencies().at(1000, position), two.lowFrequencies().at(1000, position));
        }
    }
}
