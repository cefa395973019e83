package dev.loupe.image.jpeg;

import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where the parser ends a scan's entropy-coded data, whatever the alignment of the bytes it must look at. */
class EntropyDataEndTest {

    /**
     * Stuffed zeros, restart markers and fill bytes at every offset modulo eight (the parser skips
     * eight bytes at a time while none is 0xFF): the data ends at the first other marker, EOI here.
     */
    @Test
    void the_scan_ends_at_the_first_marker_that_is_not_a_restart_at_any_alignment() {
        byte[] real = JpegFixtures.encode(noise(48, 40, 1), 90);
        JpegStructure structure = JpegStructureParser.parse(real);
        int start = structure.scans().get(0).dataStart();
        Random random = new Random(9);
        for (int offset = 0; offset < 24; offset++) {
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            for (int i = 0; i < offset; i++) {
                data.write(random.nextInt(255)); // never 0xFF
            }
            for (byte[] special : new byte[][] {{(byte) 0xFF, 0x00}, {(byte) 0xFF, (byte) 0xD3}, {(byte) 0xFF, (byte) 0xFF, 0x00}}) {
                data.writeBytes(special);
                for (int i = 0; i < 5 + random.nextInt(11); i++) {
                    data.write(random.nextInt(255));
                }
            }
            byte[] file = Arrays.copyOf(real, start + data.size() + 2);
            System.arraycopy(data.toByteArray(), 0, file, start, data.size());
            file[file.length - 2] = (byte) 0xFF;
            file[file.length - 1] = (byte) 0xD9;

            JpegStructure parsed = JpegStructureParser.parse(file);

            assertEquals(file.length - 2, parsed.scans().get(0).dataEnd(), "offset " + offset);
            assertEquals(file.length - 2, parsed.eoiOffset(), "offset " + offset);
        }
    }

    @Test
    void encoded_pictures_of_many_sizes_end_their_scan_at_eoi() {
        for (int size = 8; size < 200; size += 13) {
            byte[] file = JpegFixtures.encode(noise(size, size + 5, size), 95);

            JpegStructure parsed = JpegStructureParser.parse(file);

            assertEquals(file.length - 2, parsed.scans().get(parsed.scans().size() - 1).dataEnd(), "size " + size);
        }
    }

    private static BufferedImage noise(int width, int height, long seed) {
        Random random = new Random(seed);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        return image;
    }
}
