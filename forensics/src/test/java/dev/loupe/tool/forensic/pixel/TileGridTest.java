package dev.loupe.tool.forensic.pixel;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TileGridTest {

    /** Reading only the tiles' columns of each row gives the tiles that reading whole rows gives, edges included. */
    @Test
    void tiles_read_by_parts_of_rows_equal_tiles_read_by_whole_rows() {
        byte[] bytes = PhotoFixtures.resource(PhotoFixtures.NIKON);
        LoadedImage image = PhotoFixtures.loaded("photo.jpg", bytes);
        PixelSource planes = PixelSource.of(image);
        assertTrue(planes.lumaRows().readsParts(), "the JPEG planes read parts of rows");
        PixelSource wholeRows = WithoutShortcuts.wholeRows(planes);
        // a margin that reaches past the picture's edges, so the clamped columns and rows are read too
        for (int margin : new int[] {1, 40}) {
            TileGrid grid = TileGrid.over(planes.width(), planes.height(), 64, margin, 7, 5);

            List<float[]> byParts = tiles(grid, planes, margin);
            List<float[]> byRows = tiles(grid, wholeRows, margin);

            assertEquals(grid.cells(), byParts.size());
            for (int i = 0; i < byRows.size(); i++) {
                assertArrayEquals(byRows.get(i), byParts.get(i), "tile " + i + ", margin " + margin);
            }
        }
        CoefficientPass.release(image);
    }

    private static List<float[]> tiles(TileGrid grid, PixelSource source, int margin) {
        List<float[]> tiles = new ArrayList<>();
        grid.forEachTile(source, margin, (c, r, pixels) -> tiles.add(pixels.clone()));
        return tiles;
    }
}
