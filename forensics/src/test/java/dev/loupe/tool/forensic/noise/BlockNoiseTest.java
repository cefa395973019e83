package dev.loupe.tool.forensic.noise;

import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.WithoutShortcuts;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

class BlockNoiseTest {

    /**
     * The decoder's whole-number samples and the float rows made from them give the same blocks to
     * the bit, at every sampling step (1 up to 4 MP, 2 up to 16 MP, 3 above), on the clipped and the
     * textured parts of a real photo's decoded planes.
     */
    @Test
    void measures_the_same_on_the_decoders_samples_as_on_float_rows_at_every_step() {
        assertSameOnBothPaths(noisyJpeg(1200, 900), 1);
        assertSameOnBothPaths(PhotoFixtures.resource(PhotoFixtures.CANON), 2);
        assertSameOnBothPaths(noisyJpeg(4200, 4000), 3);
    }

    private static void assertSameOnBothPaths(byte[] jpeg, int step) {
        PixelSource planes = PixelSource.of(PhotoFixtures.loaded("photo.jpg", jpeg));
        assertNotNull(planes.lumaUnits(), "a baseline JPEG's planes have the decoder's samples");

        BlockNoise fromUnits = BlockNoise.measure(planes, 24);
        BlockNoise fromRows = BlockNoise.measure(WithoutShortcuts.floatRows(planes), 24);

        assertEquals(step, fromUnits.step());
        assertEquals(fromRows.step(), fromUnits.step());
        assertArrayEquals(fromRows.sigma(), fromUnits.sigma());
        assertArrayEquals(fromRows.brightness(), fromUnits.brightness());
        assertArrayEquals(fromRows.measurable(), fromUnits.measurable());
    }

    /** Grain over a ramp, with bands clipped to black and white, saved at quality 0.9. */
    private static byte[] noisyJpeg(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        Random random = new Random(7);
        byte[] row = new byte[width];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int level = y < height / 8 ? 0 : y > height * 7 / 8 ? 255 : x * 255 / width;
                row[x] = (byte) Math.max(0, Math.min(255, level + (int) Math.round(random.nextGaussian() * 4)));
            }
            image.getRaster().setDataElements(0, y, width, 1, row);
        }
        return PhotoFixtures.jpeg(image, 0.9f);
    }
}
