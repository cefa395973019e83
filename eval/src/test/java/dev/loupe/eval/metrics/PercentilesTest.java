package dev.loupe.eval.metrics;

import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PercentilesTest {

    @Test
    void nearest_rank_takes_the_value_at_rank_ceiling_of_q_n() {
        double[] ten = IntStream.rangeClosed(1, 10).asDoubleStream().toArray();
        assertEquals(5.0, Percentiles.nearestRank(ten, 0.50));
        assertEquals(10.0, Percentiles.nearestRank(ten, 0.95));
        assertEquals(10.0, Percentiles.nearestRank(ten, 0.99));
        double[] hundred = IntStream.rangeClosed(1, 100).asDoubleStream().toArray();
        assertEquals(50.0, Percentiles.nearestRank(hundred, 0.50));
        assertEquals(95.0, Percentiles.nearestRank(hundred, 0.95));
        assertEquals(99.0, Percentiles.nearestRank(hundred, 0.99));
    }

    @Test
    void one_value_is_every_percentile_and_none_is_undefined() {
        assertEquals(3.0, Percentiles.nearestRank(new double[] {3.0}, 0.5));
        assertEquals(3.0, Percentiles.nearestRank(new double[] {3.0}, 0.99));
        assertEquals(Double.NaN, Percentiles.nearestRank(new double[0], 0.5));
    }
}
