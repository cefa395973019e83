package dev.loupe.eval.localize;

import dev.loupe.tool.forensic.region.ErrorLevelMap;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MaskHistogramTest {

    /** A 32×32 picture in 4×4 cells of 8 pixels; the top-left 2×2 cells score 5 spreads, the rest 1, one cell unmeasured. */
    private static ErrorLevelMap map() {
        float[] values = new float[16];
        for (int i = 0; i < 16; i++) {
            int row = i / 4;
            int col = i % 4;
            values[i] = row < 2 && col < 2 ? 5 : 1;
        }
        values[15] = Float.NaN;
        return new ErrorLevelMap(4, 4, 8, 8, 32, 32, values);
    }

    private static byte[] mask(int side) {
        byte[] mask = new byte[32 * 32];
        for (int y = 0; y < side; y++) {
            for (int x = 0; x < side; x++) {
                mask[y * 32 + x] = 1;
            }
        }
        return mask;
    }

    @Test
    void a_map_that_marks_exactly_the_mask_scores_f1_and_iou_of_one_above_the_background() {
        MaskHistogram h = MaskHistogram.of(map(), mask(16), 32, 32);

        assertEquals(256, h.manipulated());
        assertEquals(1.0, h.f1(8), 1e-12);  // threshold 2 spreads: only the four cells of 5
        assertEquals(1.0, h.iou(8), 1e-12);
        assertEquals(1.0, h.f1(h.best()), 1e-12); // any threshold above 1 and up to 5 spreads is best
    }

    @Test
    void a_threshold_below_the_background_calls_every_measured_cell_manipulated() {
        MaskHistogram h = MaskHistogram.of(map(), mask(16), 32, 32);

        // 15 measured cells of 64 pixels: 256 manipulated, 704 untouched called manipulated
        assertEquals(2.0 * 256 / (2 * 256 + 704), h.f1(0), 1e-12);
        assertEquals(256.0 / (704 + 256), h.iou(0), 1e-12);
    }

    @Test
    void a_mask_larger_than_the_marked_cells_counts_the_missed_pixels() {
        MaskHistogram h = MaskHistogram.of(map(), mask(24), 32, 32);

        // at 2 spreads: 256 found of 576 manipulated, nothing untouched called
        assertEquals(2.0 * 256 / (2 * 256 + 320), h.f1(8), 1e-12);
        assertEquals(256.0 / 576, h.iou(8), 1e-12);
    }
}
