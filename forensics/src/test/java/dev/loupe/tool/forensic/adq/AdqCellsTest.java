package dev.loupe.tool.forensic.adq;

import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.forensic.ForgeryImages;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.OutlierRegion;
import dev.loupe.tool.forensic.region.OutlierRegions;
import org.junit.jupiter.api.Test;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AdqCellsTest {

    private static final Rectangle PASTED = LocalForgeries.REGION;
    private static final int CELL = 32;

    @Test
    void a_patch_pasted_between_a_q80_save_and_a_q95_save_stands_out_of_the_map() {
        for (String photo : List.of(JpegFixtures.NIKON, JpegFixtures.CANON)) {
            ErrorLevelMap map = AdqCells.suspicion(LocalForgeries.pastedBetweenSaves(photo, 80, 95), CELL);

            assertNotNull(map, photo);
            double[] inOut = meanInsideAndOutside(map);
            assertTrue(inOut[0] >= 5 && inOut[1] <= 1, photo + ": inside " + inOut[0] + ", outside " + inOut[1]);
        }
    }

    @Test
    void a_patch_pasted_between_a_q70_save_and_a_q90_save_is_the_largest_region() {
        ErrorLevelMap map = AdqCells.suspicion(LocalForgeries.pastedBetweenSaves(JpegFixtures.NIKON, 70, 90), CELL);

        OutlierRegion largest = OutlierRegions.find(map, 3).get(0);
        Rectangle found = new Rectangle(largest.x(), largest.y(), largest.width(), largest.height());
        Rectangle overlap = found.intersection(PASTED);
        assertTrue(overlap.width * overlap.height >= 0.7 * PASTED.width * PASTED.height, "found " + found);
        assertTrue(overlap.width * overlap.height >= 0.7 * found.width * found.height, "found " + found);
    }

    @Test
    void an_untouched_photo_saved_at_q85_then_q95_has_no_region_of_the_patch_s_size() {
        BufferedImage twice = ForgeryImages.saved(ForgeryImages.cameraCrop(JpegFixtures.CANON), 85);
        ErrorLevelMap map = AdqCells.suspicion(JpegFixtures.loaded("t.jpg", JpegFixtures.encode(twice, 95)), CELL);

        assertNotNull(map); // double quantized everywhere: measured, and no region stands out
        List<OutlierRegion> found = OutlierRegions.find(map, 3);
        int largest = found.isEmpty() ? 0 : found.get(0).blocks();
        // the pasted patch covers 48 cells, and the map of the same photo forged so finds it (see above)
        assertTrue(largest < 12, "a chance region of " + largest + " cells");
    }

    @Test
    void a_file_without_double_quantization_has_no_map() {
        BufferedImage once = JpegFixtures.scaled(ForgeryImages.cameraCrop(JpegFixtures.NIKON), 800, 600);
        assertNull(AdqCells.suspicion(JpegFixtures.loaded("o.jpg", JpegFixtures.encode(once, 90)), CELL));
    }

    /** The mean suspicion of the cells wholly inside {@link #PASTED} and of those wholly outside it. */
    private static double[] meanInsideAndOutside(ErrorLevelMap map) {
        double[] sums = new double[4];
        for (int row = 0; row < map.rows(); row++) {
            for (int col = 0; col < map.cols(); col++) {
                float v = map.at(row, col);
                if (Float.isNaN(v)) {
                    continue;
                }
                Rectangle cell = new Rectangle(col * map.blockWidth(), row * map.blockHeight(), map.blockWidth(), map.blockHeight());
                int side = PASTED.contains(cell) ? 0 : cell.intersects(PASTED) ? -1 : 2;
                if (side >= 0) {
                    sums[side] += v;
                    sums[side + 1]++;
                }
            }
        }
        return new double[] {sums[0] / sums[1], sums[2] / sums[3]};
    }
}
