package dev.loupe.eval.calibrate;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The verdict thresholds chosen on held-out probabilities. */
class ThresholdsTest {

    @Test
    void a_set_the_middle_splits_perfectly_still_gets_a_band_a_policy_can_read() {
        double[] pFake = {0.02, 0.03, 0.1, 0.3, 0.49, 0.51, 0.7, 0.9, 0.97, 0.99};
        boolean[] fake = {false, false, false, false, false, true, true, true, true, true};

        double[] thresholds = Thresholds.choose(pFake, fake, 0.10, 0.02);

        assertTrue(thresholds[0] < thresholds[1], "real below fake: " + thresholds[0] + " " + thresholds[1]);
        assertTrue(thresholds[1] - thresholds[0] >= 0.05 - 1e-9, "at least one grid step of uncertain");
        assertArrayEquals(new double[] {0.45, 0.5}, thresholds, 1e-9, "the narrowest band that lets no fake through");
    }

    @Test
    void no_original_is_called_fake_when_a_band_can_avoid_it() {
        double[] pFake = {0.05, 0.1, 0.62, 0.2, 0.7, 0.8, 0.9, 0.95, 0.99, 0.99};
        boolean[] fake = {false, false, false, false, true, true, true, true, true, true};

        double[] thresholds = Thresholds.choose(pFake, fake, 0.10, 0.02);

        assertTrue(thresholds[1] > 0.62 && thresholds[1] <= 0.7, "fake above the original at 0.62: " + thresholds[1]);
    }

    @Test
    void min_evidence_is_chosen_with_the_thresholds_leaving_a_weakly_supported_slip_uncertain_when_the_bound_allows() {
        double[] pFake = {0.1, 0.1, 0.2, 0.3, 0.3, 0.3, 0.9, 0.95, 0.95, 0.99};
        boolean[] fake = {false, false, false, false, false, true, true, true, true, true};
        // The fake at P 0.3 has only 0.7 of evidence toward real; every other item has 2 its own way.
        double[] evidence = {-2, -2, -2, -2, -2, -0.7, 2, 2, 2, 2};
        double[] needs = {0.5, 1.0, 2.5};

        double[] tenPercent = Thresholds.choose(pFake, fake, 0.10, 0.02, evidence, needs);
        double[] none = Thresholds.choose(pFake, fake, 0.0, 0.02, evidence, needs);

        assertEquals(1.0, tenPercent[2], "1.0 leaves that fake uncertain (one item in ten) instead of calling it real");
        assertEquals(0.5, none[2], "with no abstention allowed, only 0.5 keeps every item decided");
        assertTrue(tenPercent[0] >= 0.3 && tenPercent[1] <= 0.9, tenPercent[0] + " " + tenPercent[1]);
    }
}
