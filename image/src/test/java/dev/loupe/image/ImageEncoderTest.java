package dev.loupe.image;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ImageEncoderTest {

    private final ImageEncoder encoder = new ImageEncoder();

    @Test
    void scales_the_nikon_d50_so_its_longer_side_is_2048() throws IOException {
        LoadedImage nikon = new ImageLoader().load(ImageFixtures.resource(ImageFixtures.NIKON), "nikon.jpg");
        EncodedImage encoded = encoder.encode(nikon);
        assertEquals(2048, encoded.width());
        assertEquals(1362, encoded.height()); // 2000 × 2048 / 3008 = 1361.7
        BufferedImage decoded = decode(encoded);
        assertEquals(2048, decoded.getWidth());
        assertEquals(1362, decoded.getHeight());
    }

    @Test
    void does_not_upscale_a_small_image() throws IOException {
        EncodedImage encoded = encoder.encode(ImageFixtures.drawn(300, 200, BufferedImage.TYPE_INT_RGB));
        assertEquals(300, encoded.width());
        assertEquals(200, encoded.height());
        assertEquals(300, decode(encoded).getWidth());
    }

    @Test
    void scales_a_tall_image_by_its_height() {
        EncodedImage encoded = new ImageEncoder(100).encode(ImageFixtures.drawn(90, 1000, BufferedImage.TYPE_INT_RGB));
        assertEquals(9, encoded.width());
        assertEquals(100, encoded.height());
    }

    @Test
    void reports_the_jpeg_bytes_it_encoded() throws IOException {
        EncodedImage encoded = encoder.encode(ImageFixtures.drawn(64, 48, BufferedImage.TYPE_INT_RGB));
        byte[] jpeg = Base64.getDecoder().decode(encoded.base64());
        assertEquals("image/jpeg", encoded.mimeType());
        assertEquals(jpeg.length, encoded.byteCount());
        assertEquals(0xFF, jpeg[0] & 0xFF);
        assertEquals(0xD8, jpeg[1] & 0xFF);
        assertTrue(encoded.dataUrl().startsWith("data:image/jpeg;base64,/9j/"), encoded.dataUrl().substring(0, 30));
    }

    @Test
    void flattens_transparency_onto_white() throws IOException {
        BufferedImage clear = new BufferedImage(40, 40, BufferedImage.TYPE_INT_ARGB);
        BufferedImage decoded = decode(encoder.encode(clear));
        int rgb = decoded.getRGB(20, 20);
        assertTrue((rgb >> 16 & 0xFF) >= 250 && (rgb >> 8 & 0xFF) >= 250 && (rgb & 0xFF) >= 250, Integer.toHexString(rgb));
    }

    @ParameterizedTest(name = "BufferedImage type {0}")
    @ValueSource(ints = {BufferedImage.TYPE_BYTE_GRAY, BufferedImage.TYPE_USHORT_GRAY, BufferedImage.TYPE_INT_ARGB,
            BufferedImage.TYPE_BYTE_INDEXED, BufferedImage.TYPE_4BYTE_ABGR, BufferedImage.TYPE_USHORT_565_RGB})
    void writes_eight_bit_rgb_whatever_the_source(int type) throws IOException {
        BufferedImage decoded = decode(encoder.encode(ImageFixtures.drawn(120, 80, type)));
        assertEquals(3, decoded.getRaster().getNumBands());
        assertEquals(8, decoded.getColorModel().getComponentSize(0));
        assertEquals(120, decoded.getWidth());
    }

    @Test
    void writes_eight_bit_rgb_from_a_sixteen_bit_png_file() throws IOException {
        byte[] png = ImageFixtures.write(ImageFixtures.drawn(200, 100, BufferedImage.TYPE_USHORT_GRAY), "png");
        LoadedImage image = new ImageLoader().load(png, "grey16.png");
        BufferedImage decoded = decode(encoder.encode(image));
        assertEquals(3, decoded.getRaster().getNumBands());
    }

    @Test
    void writes_eight_bit_rgb_from_a_cmyk_jpeg_in_tiff() throws IOException {
        LoadedImage cmyk = new ImageLoader().load(ImageFixtures.resource("/data/images/tiff/14/TestJpegCMYK.tiff"), "cmyk.tiff");
        BufferedImage decoded = decode(encoder.encode(cmyk));
        assertEquals(3, decoded.getRaster().getNumBands());
        assertEquals(cmyk.width(), decoded.getWidth());
    }

    @Test
    void keeps_the_picture_recognisable_after_scaling() throws IOException {
        // A red disc on a gradient: the centre must stay red after a 4× reduction by halving.
        BufferedImage decoded = decode(new ImageEncoder(200).encode(ImageFixtures.drawn(800, 600, BufferedImage.TYPE_INT_RGB)));
        int centre = decoded.getRGB(100, 75);
        assertTrue((centre >> 16 & 0xFF) > 200 && (centre >> 8 & 0xFF) < 50 && (centre & 0xFF) < 50, Integer.toHexString(centre));
    }

    private static BufferedImage decode(EncodedImage encoded) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(encoded.base64())));
    }
}
