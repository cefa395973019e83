package dev.loupe.eval.metrics;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ConfusionMatrixTest {

    /** real: 6 real, 2 fake, 2 uncertain; fake: 1 real, 7 fake, 2 uncertain. */
    private static ConfusionMatrix twentyItems() {
        return new ConfusionMatrix().with("real", "real", 6).with("real", "fake", 2).with("real", "uncertain", 2)
                .with("fake", "real", 1).with("fake", "fake", 7).with("fake", "uncertain", 2);
    }

    @Test
    void accuracy_counts_uncertain_as_wrong_and_answered_accuracy_leaves_it_out() {
        ConfusionMatrix m = twentyItems();
        assertEquals(13.0 / 20, m.accuracy().value(), 1e-12);
        assertEquals(13.0 / 16, m.answeredAccuracy().value(), 1e-12);
        assertEquals(16.0 / 20, m.coverage().value(), 1e-12);
    }

    @Test
    void precision_recall_and_f1_follow_from_the_cells() {
        ConfusionMatrix m = twentyItems();
        assertEquals(7.0 / 9, m.precision("fake").value(), 1e-12);
        assertEquals(7.0 / 10, m.recall("fake").value(), 1e-12);
        assertEquals(6.0 / 7, m.precision("real").value(), 1e-12);
        assertEquals(6.0 / 10, m.recall("real").value(), 1e-12);
        // F1 = 2TP / (2TP + FP + FN): fake 14 / (14 + 2 + 3), real 12 / (12 + 1 + 4)
        assertEquals(14.0 / 19, m.f1("fake"), 1e-12);
        assertEquals(12.0 / 17, m.f1("real"), 1e-12);
        assertEquals((14.0 / 19 + 12.0 / 17) / 2, m.macroF1(), 1e-12);
    }

    @Test
    void mcc_treats_uncertain_as_a_third_verdict() {
        // s = 20, c = 13, predicted (7, 9, 4), true (10, 10, 0):
        // (13·20 − 160) / sqrt((400 − 146)(400 − 200)) = 100 / sqrt(50800)
        assertEquals(100 / Math.sqrt(50800), twentyItems().mcc(), 1e-12);
    }

    @Test
    void mcc_without_uncertain_verdicts_is_the_binary_one() {
        ConfusionMatrix m = new ConfusionMatrix().with("real", "real", 40).with("real", "fake", 10)
                .with("fake", "real", 5).with("fake", "fake", 45);
        // TP 45 (fake), TN 40, FP 10, FN 5: (45·40 − 10·5) / sqrt(55·50·50·45)
        assertEquals((45.0 * 40 - 10 * 5) / Math.sqrt(55.0 * 50 * 50 * 45), m.mcc(), 1e-12);
    }

    @Test
    void fake_slip_and_false_flag_rates_are_the_two_cross_errors() {
        ConfusionMatrix m = twentyItems();
        assertEquals(1, m.fakeSlipRate().successes());
        assertEquals(10, m.fakeSlipRate().trials());
        assertEquals(2, m.falseFlagRate().successes());
        assertEquals(10, m.falseFlagRate().trials());
    }

    @Test
    void a_verdict_that_is_neither_real_nor_fake_counts_as_uncertain() {
        ConfusionMatrix m = new ConfusionMatrix();
        m.add("fake", "inconclusive");
        assertEquals(1, m.count("fake", "uncertain"));
        assertEquals(Double.NaN, m.f1("real"));
    }
}
