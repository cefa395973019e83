package dev.loupe.eval.metrics;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RateTest {

    @Test
    void wilson_interval_of_8_in_10_matches_the_published_value() {
        Rate r = Rate.of(8, 10);
        assertEquals(0.8, r.value(), 1e-12);
        assertEquals(0.4902, r.low(), 1e-4);
        assertEquals(0.9433, r.high(), 1e-4);
    }

    @Test
    void wilson_interval_at_zero_and_at_all_stays_inside_0_and_1() {
        assertEquals(0.0, Rate.of(0, 10).low(), 1e-12);
        assertEquals(0.2775, Rate.of(0, 10).high(), 1e-4);
        assertEquals(0.7225, Rate.of(10, 10).low(), 1e-4);
        assertEquals(1.0, Rate.of(10, 10).high(), 1e-12);
    }

    @Test
    void no_trials_is_undefined_with_the_whole_interval() {
        Rate r = Rate.of(0, 0);
        assertFalse(r.defined());
        assertEquals(Double.NaN, r.value());
        assertEquals(0.0, r.low());
        assertEquals(1.0, r.high());
    }

    @Test
    void more_successes_than_trials_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> Rate.of(3, 2));
    }
}
