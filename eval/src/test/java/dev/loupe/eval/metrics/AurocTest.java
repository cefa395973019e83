package dev.loupe.eval.metrics;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AurocTest {

    @Test
    void auroc_is_the_share_of_positive_negative_pairs_ranked_right() {
        // positives 0.35 and 0.8, negatives 0.1 and 0.4: 0.35 beats 0.1 only, 0.8 beats both: 3 of 4
        assertEquals(0.75, Auroc.of(new double[] {0.1, 0.4, 0.35, 0.8}, new boolean[] {false, false, true, true}), 1e-12);
    }

    @Test
    void a_tie_between_a_positive_and_a_negative_counts_one_half() {
        // positives 0.6, 0.4; negatives 0.4, 0.2: pairs 1 + 1 + 0.5 + 1 = 3.5 of 4
        assertEquals(0.875, Auroc.of(new double[] {0.6, 0.4, 0.4, 0.2}, new boolean[] {true, true, false, false}), 1e-12);
    }

    @Test
    void equal_scores_everywhere_give_one_half_and_a_perfect_ranking_gives_one() {
        assertEquals(0.5, Auroc.of(new double[] {0.5, 0.5, 0.5}, new boolean[] {true, false, false}), 1e-12);
        assertEquals(1.0, Auroc.of(new double[] {0.9, 0.8, 0.1}, new boolean[] {true, true, false}), 1e-12);
        assertEquals(0.0, Auroc.of(new double[] {0.1, 0.8, 0.9}, new boolean[] {true, false, false}), 1e-12);
    }

    @Test
    void without_both_classes_auroc_is_undefined() {
        assertEquals(Double.NaN, Auroc.of(new double[] {0.2, 0.7}, new boolean[] {true, true}));
    }
}
