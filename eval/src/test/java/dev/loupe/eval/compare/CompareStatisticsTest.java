package dev.loupe.eval.compare;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CompareStatisticsTest {

    @Test
    void mcnemar_with_few_discordant_items_is_the_exact_binomial_test() {
        // n = 7, P(X ≤ 1) = (1 + 7) / 128; two-sided: twice that
        McNemar m = McNemar.test(1, 6);
        assertEquals("exact binomial", m.method());
        assertEquals(16.0 / 128, m.pValue(), 1e-12);
        assertEquals(1.0, McNemar.test(3, 3).pValue(), 1e-12);
        assertEquals(1.0, McNemar.test(0, 0).pValue(), 1e-12);
    }

    @Test
    void mcnemar_with_many_discordant_items_uses_the_corrected_chi_square() {
        // (|10 − 30| − 1)² / 40 = 361 / 40 = 9.025; P(χ²₁ ≥ 9.025) = 0.002663
        McNemar m = McNemar.test(10, 30);
        assertEquals("chi-square (continuity-corrected)", m.method());
        assertEquals(9.025, m.statistic(), 1e-12);
        assertEquals(0.002663, m.pValue(), 2e-6);
    }

    @Test
    void chi_square_survival_at_the_5_percent_critical_value_is_0_05() {
        assertEquals(0.05, McNemar.chiSquareOneDofSurvival(3.841459), 1e-6);
        assertEquals(0.01, McNemar.chiSquareOneDofSurvival(6.634897), 1e-6);
    }

    @Test
    void bootstrap_of_identical_runs_is_zero_with_a_zero_interval() {
        boolean[] same = {true, false, true, true, false};
        PairedBootstrap.Interval d = PairedBootstrap.accuracyDifference(same, same, 1000, 1);
        assertEquals(0.0, d.difference());
        assertEquals(0.0, d.low());
        assertEquals(0.0, d.high());
    }

    @Test
    void bootstrap_is_reproducible_and_brackets_the_observed_difference() {
        boolean[] a = new boolean[200];
        boolean[] b = new boolean[200];
        Arrays.fill(a, 0, 160, true);
        Arrays.fill(b, 0, 140, true);
        PairedBootstrap.Interval first = PairedBootstrap.accuracyDifference(a, b, 10_000, PairedBootstrap.SEED);
        PairedBootstrap.Interval again = PairedBootstrap.accuracyDifference(a, b, 10_000, PairedBootstrap.SEED);
        assertEquals(first, again);
        assertEquals(0.10, first.difference(), 1e-12);
        // 20 of 200 items differ, all in A's favour: the interval stays above zero
        assertEquals(true, first.low() > 0.05 && first.low() < 0.10, "low " + first.low());
        assertEquals(true, first.high() > 0.10 && first.high() < 0.15, "high " + first.high());
    }
}
