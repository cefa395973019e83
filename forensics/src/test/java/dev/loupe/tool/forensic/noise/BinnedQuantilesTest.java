package dev.loupe.tool.forensic.noise;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The noise tool's per-block quantiles: the value a sort puts at the rank, whatever the spread of the values. */
class BinnedQuantilesTest {

    @Test
    void selects_the_value_a_sort_puts_at_each_rank_with_ties_zeros_and_values_past_the_last_bin() {
        SplittableRandom random = new SplittableRandom(5);
        BinnedQuantiles quantiles = new BinnedQuantiles(484);
        for (int trial = 0; trial < 2000; trial++) {
            int n = 1 + random.nextInt(484);
            float[] values = new float[n];
            for (int i = 0; i < n; i++) {
                values[i] = switch (random.nextInt(5)) {
                    case 0 -> 0f;
                    case 1 -> random.nextInt(64 * 40) / 64f; // a response of JPEG planes: sixty-fourths of a level
                    case 2 -> (float) random.nextDouble(250, 4080); // texture, past the last bin's start
                    case 3 -> 2.25f; // many equal values
                    default -> (float) Math.abs(random.nextGaussian() * 12);
                };
            }
            float[] before = values.clone();
            float[] sorted = values.clone();
            Arrays.sort(sorted);
            quantiles.count(values, n);
            for (int rank : new int[] {0, n / 4, n / 2, n / 2, n - 1, n / 4, n / 3}) {
                assertEquals(sorted[rank], quantiles.select(rank), "trial " + trial + " rank " + rank + " of " + n);
            }
            assertArrayEquals(before, values, "the values are read, not reordered");
        }
    }
}
