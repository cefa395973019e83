package dev.loupe.tool.forensic.ghost;

import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.forensic.ForgeryImages;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import org.junit.jupiter.api.Test;

import java.awt.Rectangle;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GhostCellsTest {

    private static final Rectangle PASTED = new Rectangle(400, 296, 240, 176);

    @Test
    void a_patch_saved_at_q60_and_pasted_into_a_q90_photo_stands_out_of_the_cell_map() {
        ErrorLevelMap map = GhostCells.suspicion(JpegFixtures.loaded("f.jpg", GhostToolTest.forgery()), 32);

        assertNotNull(map);
        double[] sums = new double[4];
        for (int row = 0; row < map.rows(); row++) {
            for (int col = 0; col < map.cols(); col++) {
                float v = map.at(row, col);
                Rectangle cell = new Rectangle(col * map.blockWidth(), row * map.blockHeight(), map.blockWidth(), map.blockHeight());
                int side = PASTED.contains(cell) ? 0 : cell.intersects(PASTED) ? -1 : 2;
                if (side >= 0 && !Float.isNaN(v)) {
                    sums[side] += v;
                    sums[side + 1]++;
                }
            }
        }
        double inside = sums[0] / sums[1];
        double outside = sums[2] / sums[3];
        assertTrue(inside >= 3 && outside <= 1, "inside " + inside + ", outside " + outside);
    }

    @Test
    void a_file_saved_at_quality_55_has_no_lower_quality_to_test() {
        byte[] low = JpegFixtures.encode(ForgeryImages.cameraCrop(JpegFixtures.NIKON), 55);
        assertNull(GhostCells.suspicion(JpegFixtures.loaded("l.jpg", low), 32));
    }
}
