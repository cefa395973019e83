package dev.loupe.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class PairedRoundsTest {

    @Test
    void gives_the_ratio_of_the_means_and_the_spread_of_the_pairs() {
        PairedRounds pairs = new PairedRounds();
        pairs.add(900, 1000);   // 0.90
        pairs.add(1500, 1250);  // 1.20
        pairs.add(1000, 1000);  // 1.00

        assertEquals(3400.0 / 3250.0, pairs.ratioOfMeans(), 1e-12);
        assertArrayEquals(new double[] {3400.0 / 3, 3250.0 / 3}, pairs.means(), 1e-9);
        assertArrayEquals(new double[] {0.9, 1.0, 1.2}, pairs.sortedRatios(), 1e-12);
        assertEquals("1.05× by mean; pairs: median 1.00×, 0.90–1.20× (3 pairs)", pairs.summary());
    }

    @Test
    void takes_the_median_of_an_even_number_of_pairs_halfway() {
        PairedRounds pairs = new PairedRounds();
        pairs.add(1, 1);
        pairs.add(3, 2);

        assertEquals("1.33× by mean; pairs: median 1.25×, 1.00–1.50× (2 pairs)", pairs.summary());
    }
}
