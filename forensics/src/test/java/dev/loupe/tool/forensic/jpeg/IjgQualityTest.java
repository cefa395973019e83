package dev.loupe.tool.forensic.jpeg;

import org.junit.jupiter.api.Test;

import javax.imageio.plugins.jpeg.JPEGQTable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IjgQualityTest {

    @Test
    void quality_50_is_the_annex_k_tables_themselves() {
        assertArrayEquals(JPEGQTable.K1Luminance.getTable(), IjgQuality.table(true, 50));
        assertArrayEquals(JPEGQTable.K2Chrominance.getTable(), IjgQuality.table(false, 50));
    }

    @Test
    void quality_100_is_all_ones_and_quality_1_is_clamped_to_255() {
        for (int step : IjgQuality.table(true, 100)) {
            assertEquals(1, step);
        }
        assertEquals(255, IjgQuality.table(true, 1)[0]);
    }

    @Test
    void every_ijg_table_is_recognised_exactly_at_its_quality() {
        for (int quality = 1; quality <= 100; quality++) {
            QualityEstimate luminance = IjgQuality.estimate(IjgQuality.table(true, quality), true);
            assertTrue(luminance.exact(), "quality " + quality);
            // Low qualities clamp to 255 and can coincide; the tables must still match exactly.
            assertArrayEquals(IjgQuality.table(true, quality), IjgQuality.table(true, luminance.quality()));
        }
        assertEquals(75, IjgQuality.estimate(IjgQuality.table(false, 75), false).quality());
    }

    @Test
    void a_table_off_by_one_in_a_single_entry_is_near_but_not_exact() {
        int[] table = IjgQuality.table(true, 85);
        table[63] += 1;
        QualityEstimate estimate = IjgQuality.estimate(table, true);
        assertEquals(85, estimate.quality());
        assertFalse(estimate.exact());
        assertEquals(1 / 64.0, estimate.meanAbsoluteError());
    }
}
