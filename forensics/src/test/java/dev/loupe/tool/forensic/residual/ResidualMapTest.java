package dev.loupe.tool.forensic.residual;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.pixel.CellBands;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.WithoutShortcuts;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class ResidualMapTest {

    @Test
    void the_decoder_samples_give_the_map_their_luminance_rows_give() {
        // a 1024x768 crop (every sample evaluated) and the whole 7 MP photo (every second row and column)
        for (LoadedImage image : new LoadedImage[] {LocalForgeries.blurred(PhotoFixtures.CANON), PhotoFixtures.load(PhotoFixtures.CANON)}) {
            PixelSource planes = PixelSource.of(image);
            assertNotNull(planes.lumaUnits(), "a baseline JPEG's planes");
            int cell = CellBands.side(planes.width(), planes.height());

            ResidualMap fromUnits = ResidualMap.measure(planes, cell);
            ResidualMap fromRows = ResidualMap.measure(WithoutShortcuts.floatRows(planes), cell);

            assertEquals(fromRows.step(), fromUnits.step());
            assertArrayEquals(fromRows.cells().rms(), fromUnits.cells().rms(), image.name() + ", step " + fromUnits.step());
            assertEquals(fromRows.spread(), fromUnits.spread());
        }
    }

    @Test
    void the_map_is_measured_once_per_image_and_is_what_a_new_measure_gives() {
        LoadedImage image = LocalForgeries.blurred(PhotoFixtures.NIKON);
        PixelSource source = PixelSource.of(image);

        ResidualMap shared = ResidualMap.of(image, source);

        assertSame(shared, ResidualMap.of(image, PixelSource.of(image)));
        ResidualMap anew = ResidualMap.measure(source, CellBands.side(source.width(), source.height()));
        assertArrayEquals(anew.cells().rms(), shared.cells().rms());
    }
}
