package dev.loupe.tool.forensic.pixel;

import dev.loupe.image.LumaPlane;

import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LumaReaderTest {

    private static BufferedImage random(int type, int w, int h) {
        BufferedImage image = new BufferedImage(w, h, type);
        Random random = new Random(7);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                image.setRGB(x, y, 0xFF000000 | random.nextInt(0x1000000));
            }
        }
        return image;
    }

    /** The luminance through getRGB, the slow path every fast path must agree with. */
    private static float reference(BufferedImage image, int x, int y) {
        int p = image.getRGB(x, y);
        return 0.299f * ((p >> 16) & 255) + 0.587f * ((p >> 8) & 255) + 0.114f * (p & 255);
    }

    @Test
    void reads_byte_bgr_abgr_and_int_rgb_rasters_as_getrgb_would() {
        for (int type : new int[]{BufferedImage.TYPE_3BYTE_BGR, BufferedImage.TYPE_4BYTE_ABGR,
                BufferedImage.TYPE_INT_RGB, BufferedImage.TYPE_INT_ARGB, BufferedImage.TYPE_INT_BGR}) {
            BufferedImage image = random(type, 13, 7);
            LumaPlane plane = LumaReader.read(image);
            for (int y = 0; y < 7; y++) {
                for (int x = 0; x < 13; x++) {
                    assertEquals(reference(image, x, y), plane.at(x, y), 1e-3, "type " + type + " at " + x + "," + y);
                }
            }
        }
    }

    @Test
    void reads_16_bit_grey_samples_on_the_0_to_255_scale_keeping_fractions() {
        BufferedImage image = new BufferedImage(2, 1, BufferedImage.TYPE_USHORT_GRAY);
        image.getRaster().setSample(0, 0, 0, 65535);
        image.getRaster().setSample(1, 0, 0, 300);

        LumaPlane plane = LumaReader.read(image);

        assertEquals(255f, plane.at(0, 0), 1e-4);
        assertEquals(300 / 257f, plane.at(1, 0), 1e-4);
    }

    @Test
    void box_downscales_by_an_integer_factor_dropping_the_partial_edge() {
        BufferedImage image = new BufferedImage(5, 4, BufferedImage.TYPE_BYTE_GRAY);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 5; x++) {
                image.getRaster().setSample(x, y, 0, x * 10 + y);
            }
        }

        LumaPlane plane = LumaReader.read(image, 2);

        assertEquals(2, plane.width());
        assertEquals(2, plane.height());
        assertEquals((0 + 10 + 1 + 11) / 4f, plane.at(0, 0), 1e-4);
        assertEquals((22 + 32 + 23 + 33) / 4f, plane.at(1, 1), 1e-4);
    }
}
