package dev.loupe.eval.metrics;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CalibrationTest {

    @Test
    void ece_and_brier_of_four_items_in_four_bins() {
        Calibration c = new Calibration();
        c.add(0.05, false);
        c.add(0.15, true);
        c.add(0.95, true);
        c.add(0.85, false);
        // |0.05 − 0| + |0.15 − 1| + |0.95 − 1| + |0.85 − 0|, each weighted 1/4
        assertEquals((0.05 + 0.85 + 0.05 + 0.85) / 4, c.expectedCalibrationError(), 1e-12);
        assertEquals((0.0025 + 0.7225 + 0.0025 + 0.7225) / 4, c.brier(), 1e-12);
    }

    @Test
    void items_in_one_bin_are_averaged_before_comparing() {
        Calibration c = new Calibration();
        c.add(0.72, true);
        c.add(0.78, false);
        // one bin: mean 0.75, half fake: ECE |0.75 − 0.5|
        assertEquals(0.25, c.expectedCalibrationError(), 1e-12);
        Calibration.Bin bin = c.bins().get(7);
        assertEquals(2, bin.count());
        assertEquals(0.75, bin.meanProbability(), 1e-12);
        assertEquals(0.5, bin.fractionFake(), 1e-12);
    }

    @Test
    void a_probability_of_exactly_one_falls_in_the_last_bin() {
        Calibration c = new Calibration();
        c.add(1.0, true);
        assertEquals(1, c.bins().get(9).count());
        assertEquals(0.0, c.expectedCalibrationError(), 1e-12);
        assertEquals(0.0, c.brier(), 1e-12);
    }
}
