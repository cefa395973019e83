package dev.loupe.tool.forensic.ela;

import dev.loupe.tool.forensic.region.ErrorLevelMap;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ErrorLevelStatisticsTest {

    @Test
    void the_median_and_mad_skip_undecoded_blocks_and_flag_what_stands_above_median_plus_k_sigma() {
        ErrorLevelMap map = new ErrorLevelMap(3, 2, 8, 8, 24, 16, new float[] {0, 1, 2, 3, 10, Float.NaN});

        ErrorLevelStatistics statistics = ErrorLevelStatistics.of(map, 3);

        assertEquals(5, statistics.blocks());
        assertEquals(2, statistics.median());
        assertEquals(1, statistics.mad(), "deviations 2, 1, 0, 1, 8");
        assertEquals(2 + 3 * 1.4826, statistics.threshold(), 1e-9);
        assertEquals(1, statistics.outliers());
        assertEquals(10, statistics.max());
    }

    @Test
    void a_map_of_rounding_noise_is_held_by_the_sigma_floor() {
        ErrorLevelMap map = new ErrorLevelMap(4, 1, 8, 8, 32, 8, new float[] {0.5f, 0.5f, 0.5f, 1.2f});

        ErrorLevelStatistics statistics = ErrorLevelStatistics.of(map, 3);

        assertEquals(0, statistics.mad());
        assertEquals(0.5 + 3 * ErrorLevelStatistics.SIGMA_FLOOR, statistics.threshold(), 1e-9);
        assertEquals(0, statistics.outliers());
    }
}
