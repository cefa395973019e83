package dev.loupe.tool.forensic.sameq;

import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import org.junit.jupiter.api.Test;

import java.util.function.IntBinaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The region test on re-save maps made here: every block is expected to move one coefficient if
 * compressed once, so a cell of 7 × 7 blocks moves 49 where compressed once and about 24 where saved
 * again. Of the edited region only the ring of cells along its edge stands out, as an inpainting's
 * textured border around its smooth fill does: the group fills 36% of its box.
 */
class CompressedOnceRegionTest {

    private static final int CELL = 7;
    private static final int CELLS_ACROSS = 40;
    private static final int CELLS_DOWN = 30;

    @Test
    void a_sparse_region_compressed_once_in_a_quiet_frame_is_located_by_its_significance() {
        ResaveMap map = map((row, col) -> 0);
        CompressedOnceRegion found = CompressedOnceRegion.largest(map, RatioScale.ROUNDING);

        assertTrue(found.region().fill() < CompressedOnceRegion.MIN_FILL, "fill " + found.region().fill());
        assertTrue(found.significance() >= CompressedOnceRegion.MIN_SIGNIFICANCE, "significance " + found.significance());
        assertTrue(found.compressedOnce(RatioScale.ROUNDING));
        assertEquals(10 * CELL * 8, found.box().x());
        assertEquals(8 * CELL * 8, found.box().y());
    }

    @Test
    void the_same_region_in_a_frame_whose_cells_spread_widely_is_not_a_region() {
        // the rest's cells take 0.29, 0.49 and 0.69 in turn (all below the cell threshold): a spread of about 0.3
        ResaveMap map = map((row, col) -> 10 * ((row + col) % 3 - 1));
        CompressedOnceRegion found = CompressedOnceRegion.largest(map, RatioScale.ROUNDING);

        assertTrue(found.significance() < CompressedOnceRegion.MIN_SIGNIFICANCE, "significance " + found.significance());
        assertFalse(found.compressedOnce(RatioScale.ROUNDING));
    }

    @Test
    void a_frame_compressed_once_everywhere_has_no_region() {
        ResaveMap map = ResaveMap.of(changes((row, col) -> 49, (row, col) -> 0), 1, geometry(), 1.0);
        CompressedOnceRegion found = CompressedOnceRegion.largest(map, RatioScale.ROUNDING);

        assertFalse(found.compressedOnce(RatioScale.ROUNDING));
    }

    /** A frame saved again (24 of 49 blocks per cell move, plus {@code restOffset}) with the ring of cells 10–19 × 8–17 compressed once. */
    private static ResaveMap map(IntBinaryOperator restOffset) {
        return ResaveMap.of(changes((row, col) -> inRegion(row, col) ? 49 : 24, restOffset), 1, geometry(), 1.0);
    }

    private static boolean inRegion(int row, int col) {
        boolean inBox = row >= 8 && row < 18 && col >= 10 && col < 20;
        return inBox && (row == 8 || row == 17 || col == 10 || col == 19);
    }

    /** Per-block changes giving each cell {@code moved} moved blocks (one coefficient each), the rest's cells shifted by the offset. */
    private static byte[] changes(IntBinaryOperator moved, IntBinaryOperator restOffset) {
        BlockGeometry blocks = geometry();
        byte[] changes = new byte[blocks.blocks()];
        for (int row = 0; row < CELLS_DOWN; row++) {
            for (int col = 0; col < CELLS_ACROSS; col++) {
                int n = moved.applyAsInt(row, col);
                if (!inRegion(row, col) && n < 49) {
                    n += restOffset.applyAsInt(row, col);
                }
                for (int k = 0; k < n; k++) {
                    changes[(row * CELL + k / CELL) * blocks.cols() + col * CELL + k % CELL] = 1;
                }
            }
        }
        return changes;
    }

    private static BlockGeometry geometry() {
        return new BlockGeometry(CELLS_ACROSS * CELL, CELLS_DOWN * CELL, 8, 8, CELLS_ACROSS * CELL * 8, CELLS_DOWN * CELL * 8);
    }
}
