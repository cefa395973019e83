package dev.loupe.eval.calibrate;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CalibrationMapTest {

    @Test
    void an_isotonic_map_pools_scores_that_rank_the_wrong_way_and_never_decreases() {
        double[] logits = {-3, -2, -1, 0, 1, 2};
        boolean[] fake = {false, true, false, true, true, true};

        IsotonicMap map = IsotonicMap.fit(logits, fake);

        // classes balanced: 2 originals weigh 1.5 each, 4 fakes 0.75; -2 and -1 pool to a third fake at
        // their weighted mean -4/3, and the three fakes above pool at 1
        assertEquals(3, map.curve().logits().length);
        assertEquals(-4 / 3.0, map.curve().logits()[1], 1e-12);
        assertEquals(0.01, map.apply(-3), 1e-12, "a block of originals only is floored, not nil");
        assertEquals(1 / 3.0, map.apply(-4 / 3.0), 1e-12);
        assertEquals((1 / 3.0 + 0.99) / 2, map.apply((-4 / 3.0 + 1) / 2), 1e-12, "straight between the points");
        assertEquals(0.99, map.apply(5), 1e-12);
        for (double x = -4; x < 4; x += 0.1) {
            assertTrue(map.apply(x + 0.1) >= map.apply(x) - 1e-12);
        }
    }

    @Test
    void the_isotonic_map_is_chosen_when_the_log_odds_are_sure_in_one_range_and_timid_in_another() {
        // the truth is a step: below 0 nearly all real, above it nearly all fake, however far from 0
        Random random = new Random(7);
        int n = 400;
        double[] logits = new double[n];
        boolean[] fake = new boolean[n];
        int[] folds = new int[n];
        for (int i = 0; i < n; i++) {
            logits[i] = random.nextDouble() * 0.4 - 0.2 + (i % 2 == 0 ? -3 : 0) * random.nextDouble();
            fake[i] = logits[i] > 0 ? random.nextDouble() < 0.97 : random.nextDouble() < 0.03;
            folds[i] = i % 5;
        }

        MapChoice choice = MapChoice.of(logits, fake, folds);

        assertInstanceOf(IsotonicMap.class, choice.map(), "Brier: Platt " + choice.platt() + ", isotonic " + choice.isotonic());
    }

    @Test
    void the_platt_map_is_kept_when_the_log_odds_are_a_sigmoid_off_by_a_scale() {
        Random random = new Random(8);
        int n = 400;
        double[] logits = new double[n];
        boolean[] fake = new boolean[n];
        int[] folds = new int[n];
        for (int i = 0; i < n; i++) {
            double truth = random.nextGaussian() * 2;
            logits[i] = 2 * truth;
            fake[i] = random.nextDouble() < LogisticFit.sigmoid(truth);
            folds[i] = i % 5;
        }

        MapChoice choice = MapChoice.of(logits, fake, folds);

        assertInstanceOf(PlattMap.class, choice.map(), "Brier: Platt " + choice.platt() + ", isotonic " + choice.isotonic());
        assertEquals(0.5, choice.map().slope(), 0.1);
    }
}
