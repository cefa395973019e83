package dev.loupe.image.jpeg;

import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlaneDownscalerTest {

    @Test
    void reduces_the_nikon_photo_to_what_a_full_decode_averaged_down_shows() {
        byte[] jpeg = JpegFixtures.resource(JpegFixtures.NIKON);
        DecodedPlanes planes = CoefficientPass.of(PhotoFixtures.loaded("nikon.jpg", jpeg)).planes();
        assertNotNull(planes, "the Nikon D50 photo is a baseline YCbCr JPEG");
        int width = planes.width() / 8;
        int height = planes.height() / 8;

        BufferedImage reduced = PlaneDownscaler.toRgb(planes, width, height);

        BufferedImage reference = JpegFixtures.decode(jpeg);
        assertEquals(width, reduced.getWidth());
        assertEquals(height, reduced.getHeight());
        double[] error = new double[3];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int[] mean = boxMean(reference, x * 8, y * 8, 8);
                int rgb = reduced.getRGB(x, y);
                error[0] += Math.abs((rgb >> 16 & 255) - mean[0]);
                error[1] += Math.abs((rgb >> 8 & 255) - mean[1]);
                error[2] += Math.abs((rgb & 255) - mean[2]);
            }
        }
        for (int channel = 0; channel < 3; channel++) {
            double meanError = error[channel] / ((double) width * height);
            // the chroma is the block means' (a full decode upsamples chroma and rounds every step)
            assertTrue(meanError < 3.0, "channel " + channel + " differs by " + meanError + " levels on average");
        }
    }

    @Test
    void keeps_a_greyscale_file_grey() {
        BufferedImage grey = new BufferedImage(64, 48, BufferedImage.TYPE_BYTE_GRAY);
        for (int y = 0; y < 48; y++) {
            for (int x = 0; x < 64; x++) {
                grey.getRaster().setSample(x, y, 0, x * 4);
            }
        }
        DecodedPlanes planes = CoefficientPass.of(PhotoFixtures.loaded("grey.jpg", JpegFixtures.encode(grey, 95))).planes();

        BufferedImage reduced = PlaneDownscaler.toRgb(planes, 16, 12);

        int rgb = reduced.getRGB(8, 6);
        assertEquals(rgb >> 16 & 255, rgb & 255);
        assertEquals(rgb >> 8 & 255, rgb & 255);
        assertEquals(8 * 16 + 6, rgb & 255, 3); // the mean of columns 32..35, 4 levels apart
    }

    @Test
    void refuses_to_enlarge() {
        DecodedPlanes planes = CoefficientPass.of(PhotoFixtures.loaded("tiny.jpg", JpegFixtures.tinyJpeg(16, 16))).planes();

        assertThrows(IllegalArgumentException.class, () -> PlaneDownscaler.toRgb(planes, 32, 16));
    }

    private static int[] boxMean(BufferedImage image, int left, int top, int size) {
        int[] sum = new int[3];
        for (int y = top; y < top + size; y++) {
            for (int x = left; x < left + size; x++) {
                int rgb = image.getRGB(x, y);
                sum[0] += rgb >> 16 & 255;
                sum[1] += rgb >> 8 & 255;
                sum[2] += rgb & 255;
            }
        }
        int n = size * size;
        return new int[]{Math.round(sum[0] / (float) n), Math.round(sum[1] / (float) n), Math.round(sum[2] / (float) n)};
    }
}
