package dev.loupe.tool.forensic.noise;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The one quickselect the forensic tools share (noise, ghost, ELA): the element a sort would put at that rank. */
class QuantileTest {

    @Test
    void selects_the_element_a_sort_puts_at_each_rank_even_with_many_ties() {
        SplittableRandom random = new SplittableRandom(7);
        for (int n : new int[] {1, 2, 3, 10, 257, 4096}) {
            float[] values = new float[n];
            for (int i = 0; i < n; i++) {
                values[i] = random.nextInt(4) == 0 ? 1.5f : (float) random.nextDouble(0, 30);
            }
            float[] sorted = values.clone();
            Arrays.sort(sorted);
            for (double q : new double[] {0, 0.1, 0.5, 0.9, 1}) {
                int rank = Math.min(n - 1, (int) (q * n));
                assertEquals(sorted[rank], Quantile.of(values.clone(), n, q), "n=" + n + " q=" + q);
            }
        }
    }

    @Test
    void a_second_higher_rank_can_search_only_above_the_first() {
        float[] values = {9, 1, 8, 2, 7, 3, 6, 4, 5, 0};

        float low = Quantile.select(values, 0, 9, 2);
        float median = Quantile.select(values, 2, 9, 5);

        assertEquals(2f, low);
        assertEquals(5f, median);
    }

    @Test
    void an_empty_array_has_quantile_zero() {
        assertEquals(0f, Quantile.of(new float[0], 0, 0.5));
    }
}
