package dev.loupe.image;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ImageLoaderAcceptanceTest {

    @TempDir
    Path dir;

    private final ImageLoader loader = new ImageLoader();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {ImageFixtures.NIKON, ImageFixtures.CANON, ImageFixtures.OREGON, ImageFixtures.OREGON_SMALL,
            "/data/images/jpg/2/2008-07-27+-+Photo+216+-+WE+a+l'etang+de+Blodelsheim.jpg",
            "/data/images/jpg/3/img_F028c_small.jpg",
            "/data/images/jpg/7/_DSC6099.jpg",
            "/data/images/jpg/8/20220514_102409.jpg"})
    void reads_camera_and_edited_jpegs_at_the_size_imageio_reports(String resource) throws Exception {
        byte[] bytes = ImageFixtures.resource(resource);
        Path file = Files.write(dir.resolve("photo.jpg"), bytes);
        LoadedImage image = loader.load(file);
        assertEquals(ImageFormat.JPEG, image.format());
        assertEquals(ImageFixtures.imageIoSize(bytes), image.width() + "×" + image.height());
        assertEquals("photo.jpg", image.name());
        assertEquals(file, image.path());
        assertArrayEquals(bytes, image.bytes());
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)), image.sha256());
    }

    @Test
    void reads_the_nikon_d50_as_3008_by_2000() throws IOException {
        LoadedImage image = loader.load(ImageFixtures.resource(ImageFixtures.NIKON), "nikon.jpg");
        assertEquals(3008, image.width());
        assertEquals(2000, image.height());
    }

    static Stream<Arguments> drawn() {
        return Stream.of(
                Arguments.of("rgb png", ImageFixtures.write(ImageFixtures.drawn(320, 200, BufferedImage.TYPE_INT_RGB), "png"), ImageFormat.PNG),
                Arguments.of("grey png", ImageFixtures.write(ImageFixtures.drawn(321, 201, BufferedImage.TYPE_BYTE_GRAY), "png"), ImageFormat.PNG),
                Arguments.of("16-bit png", ImageFixtures.write(ImageFixtures.drawn(322, 202, BufferedImage.TYPE_USHORT_GRAY), "png"), ImageFormat.PNG),
                Arguments.of("alpha png", ImageFixtures.write(ImageFixtures.drawn(323, 203, BufferedImage.TYPE_INT_ARGB), "png"), ImageFormat.PNG),
                Arguments.of("gif", ImageFixtures.write(ImageFixtures.drawn(324, 204, BufferedImage.TYPE_BYTE_INDEXED), "gif"), ImageFormat.GIF),
                Arguments.of("bmp", ImageFixtures.write(ImageFixtures.drawn(325, 205, BufferedImage.TYPE_3BYTE_BGR), "bmp"), ImageFormat.BMP),
                Arguments.of("tiff", ImageFixtures.write(ImageFixtures.drawn(326, 206, BufferedImage.TYPE_INT_RGB), "tiff"), ImageFormat.TIFF),
                Arguments.of("jpeg", ImageFixtures.write(ImageFixtures.drawn(327, 207, BufferedImage.TYPE_INT_RGB), "jpeg"), ImageFormat.JPEG));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drawn")
    void reads_images_drawn_with_java2d(String name, byte[] bytes, ImageFormat format) throws IOException {
        LoadedImage image = loader.load(bytes, name);
        assertEquals(format, image.format());
        assertEquals(ImageFixtures.imageIoSize(bytes), image.width() + "×" + image.height());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "/data/images/jpg/7/_DSC6099.webp",
            "/data/images/webp/1/Oregon Scientific DS6639 - DSC_0307 - small lossless.webp",
            "/data/images/webp/1/Oregon Scientific DS6639 - DSC_0307 - small lossy.webp",
            "/images/webp/alpha/alpha.webp",
            "/data/images/gif/single/1/Oregon Scientific DS6639 - DSC_0307 - small.gif",
            "/data/images/gif/animated/1/animated.gif",
            "/data/images/gif/animated/2/no_disposal.gif",
            "/data/images/bmp/1/Oregon Scientific DS6639 - DSC_0307 - small.bmp",
            "/data/images/tiff/14/TestSample264x264.tiff",
            "/data/images/tiff/14/TestJpegStrips264x264BigEndian.tiff",
            "/data/images/png/5/trns-gray.png",
            "/data/images/png/2/28569-4.png"})
    void reads_other_formats_at_the_size_imageio_reports(String resource) throws IOException {
        byte[] bytes = ImageFixtures.resource(resource);
        LoadedImage image = loader.load(bytes, resource);
        assertEquals(ImageFixtures.imageIoSize(bytes), image.width() + "×" + image.height());
    }

    @Test
    void reports_a_gifs_logical_screen_when_its_first_frame_is_smaller() {
        // ImageIO's getWidth(0) gives the first frame (300 wide); the screen the frames sit on is 301.
        LoadedImage image = loader.load(ImageFixtures.resource("/data/images/gif/single/2/test.gif"), "test.gif");
        assertEquals("301×320", image.width() + "×" + image.height());
    }

    @Test
    void accepts_bytes_after_the_jpeg_end_marker() throws IOException {
        byte[] camera = ImageFixtures.resource(ImageFixtures.OREGON_SMALL);
        byte[] withTrailer = java.util.Arrays.copyOf(camera, camera.length + 300);
        LoadedImage image = loader.load(withTrailer, "trailer.jpg");
        assertEquals(ImageFixtures.imageIoSize(camera), image.width() + "×" + image.height());
    }

    @Test
    void accepts_a_symbolic_link_that_stays_inside_the_allowed_folder() throws IOException {
        Path root = Files.createDirectory(dir.resolve("data"));
        Path photo = Files.write(root.resolve("photo.jpg"), ImageFixtures.resource(ImageFixtures.OREGON_SMALL));
        Path link = Files.createSymbolicLink(root.resolve("alias.jpg"), photo);
        LoadedImage image = new ImageLoader(ImageLimits.defaults().withAllowedRoot(root)).load(link);
        assertEquals("alias.jpg", image.name());
    }

    @Test
    void decodes_pixels_of_a_loaded_image_at_the_declared_size() {
        LoadedImage image = loader.load(ImageFixtures.resource(ImageFixtures.OREGON_SMALL), "small.jpg");
        assertEquals(image.width(), image.pixels().getWidth());
        assertEquals(image.height(), image.pixels().getHeight());
    }
}
