package dev.loupe.tool.forensic.pixel;

import dev.loupe.image.LumaPlane;
import dev.loupe.image.jpeg.JpegFixtures;

import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JpegPlanePixelsTest {

    @Test
    void tools_asking_for_the_same_downscaled_luminance_share_one_plane_until_the_pass_is_released() {
        byte[] bytes = PhotoFixtures.resource(PhotoFixtures.NIKON);
        var image = PhotoFixtures.loaded("photo.jpg", bytes);

        LumaPlane first = PixelSource.of(image).luma(4);
        LumaPlane second = PixelSource.of(image).luma(4);
        CoefficientPass.release(image);
        LumaPlane afterRelease = PixelSource.of(image).luma(4);
        CoefficientPass.release(image);

        assertSame(first, second);
        assertNotSame(first, afterRelease);
        assertArrayEquals(first.values(), afterRelease.values());
        assertEquals(4, first.scale());
    }

    @Test
    void decodes_the_luminance_of_camera_photos_to_within_half_a_level_of_imageio_on_average() {
        for (String path : List.of(PhotoFixtures.NIKON, PhotoFixtures.CANON, PhotoFixtures.OREGON)) {
            byte[] bytes = PhotoFixtures.resource(path);
            PixelSource planes = PixelSource.of(PhotoFixtures.loaded("photo.jpg", bytes));
            PixelSource decoded = PixelSource.of(PhotoFixtures.decode(bytes));
            assertInstanceOf(JpegPlanePixels.class, planes, path);
            assertEquals(decoded.width(), planes.width(), path);
            assertEquals(decoded.height(), planes.height(), path);
            float[] a = new float[planes.width()];
            float[] b = new float[planes.width()];
            LumaReader.RowSource fromPlanes = planes.lumaRows();
            LumaReader.RowSource fromPixels = decoded.lumaRows();
            double sum = 0;
            long beyondOne = 0;
            for (int y = 0; y < planes.height(); y++) {
                fromPlanes.read(y, a);
                fromPixels.read(y, b);
                for (int x = 0; x < a.length; x++) {
                    double d = Math.abs(a[x] - b[x]);
                    sum += d;
                    beyondOne += d > 1 ? 1 : 0;
                }
            }
            long pixels = (long) planes.width() * planes.height();
            // the planes keep Y unrounded; a full decode rounds Y, then R, G and B, and clips saturated colours
            assertTrue(sum / pixels < 0.5, path + ": mean difference " + sum / pixels);
            assertTrue(beyondOne < 0.05 * pixels, path + ": " + beyondOne + " pixels differ by more than a level");
        }
    }

    @Test
    void gives_the_colours_of_a_drawn_picture_to_within_a_few_levels_at_thumbnail_scale() {
        BufferedImage picture = new BufferedImage(640, 480, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 480; y++) {
            for (int x = 0; x < 640; x++) {
                picture.setRGB(x, y, (x * 255 / 639) << 16 | (y * 255 / 479) << 8 | 128);
            }
        }
        byte[] jpeg = PhotoFixtures.jpeg(picture, 0.95f);
        PixelSource planes = PixelSource.of(PhotoFixtures.loaded("smooth.jpg", jpeg));
        assertInstanceOf(JpegPlanePixels.class, planes);
        int[] row = new int[640];
        double worst = 0;
        for (int y = 4; y < 480; y += 8) {
            planes.rgbRows().read(y, row, 4, 8);
            for (int x = 4; x < 640; x += 8) {
                int expected = picture.getRGB(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    worst = Math.max(worst, Math.abs((row[x] >> shift & 255) - (expected >> shift & 255)));
                }
            }
        }
        assertTrue(worst <= 6, "largest channel difference " + worst);
    }

    @Test
    void reads_the_same_green_alone_as_with_red_and_blue_in_colour_and_grey_photos_and_decoded_pictures() {
        BufferedImage grey = new BufferedImage(64, 48, BufferedImage.TYPE_BYTE_GRAY);
        for (int y = 0; y < 48; y++) {
            for (int x = 0; x < 64; x++) {
                grey.getRaster().setSample(x, y, 0, (x * 7 + y * 3) % 256);
            }
        }
        List<PixelSource> sources = List.of(
                PixelSource.of(PhotoFixtures.loaded("photo.jpg", PhotoFixtures.resource(PhotoFixtures.NIKON))),
                PixelSource.of(PhotoFixtures.loaded("grey.jpg", PhotoFixtures.jpeg(grey, 0.9f))),
                PixelSource.of(PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.CANON))));
        assertInstanceOf(JpegPlanePixels.class, sources.get(0));
        assertInstanceOf(JpegPlanePixels.class, sources.get(1));
        for (PixelSource source : sources) {
            int[] rgb = new int[source.width()];
            int[] green = new int[source.width()];
            RgbRows.Source rows = source.rgbRows();
            for (int y = 0; y < source.height(); y += 7) {
                rows.read(y, rgb);
                rows.readGreen(y, green);
                for (int x = 0; x < rgb.length; x++) {
                    assertEquals(rgb[x] >> 8 & 255, green[x], "row " + y + ", column " + x);
                }
            }
        }
    }

    @Test
    void leaves_progressive_and_non_jpeg_images_to_the_full_decoder() throws IOException {
        BufferedImage picture = PhotoFixtures.rgbCopy(PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.OREGON_SMALL)));
        assertInstanceOf(DecodedPixels.class, PixelSource.of(PhotoFixtures.loaded("p.png", PhotoFixtures.png(picture))));
        assertInstanceOf(DecodedPixels.class, PixelSource.of(PhotoFixtures.loaded("p.jpg", JpegFixtures.encodeProgressive(picture, 75))));
        assertInstanceOf(JpegPlanePixels.class, PixelSource.of(PhotoFixtures.loaded("b.jpg", PhotoFixtures.jpeg(picture, 0.9f))));
    }
}
