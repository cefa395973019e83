package dev.loupe.image;

import dev.loupe.core.LoupeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Every refusal is BAD_INPUT with one line: the file as given, a colon, the reason. */
class ImageLoaderRefusalTest {

    @TempDir
    Path dir;

    private final ImageLoader loader = new ImageLoader();

    @Test
    void refuses_an_empty_file() throws IOException {
        Path file = Files.write(dir.resolve("photo.jpg"), new byte[0]);
        assertRefused(loader, file, "the file is empty");
    }

    @Test
    void refuses_a_camera_jpeg_cut_in_half() throws IOException {
        byte[] nikon = ImageFixtures.resource(ImageFixtures.NIKON);
        Path file = Files.write(dir.resolve("half.jpg"), Arrays.copyOf(nikon, nikon.length / 2));
        assertRefused(loader, file, "JPEG data is truncated (no end-of-image marker)");
    }

    @Test
    void refuses_text_named_jpg() throws IOException {
        Path file = Files.writeString(dir.resolve("x.jpg"), "<html><body>Not found</body></html>\n");
        assertRefused(loader, file, "not an image (it starts with text)");
    }

    @Test
    void refuses_a_png_that_declares_60000_by_60000_pixels() throws IOException {
        Path file = Files.write(dir.resolve("big.png"), ImageFixtures.pngDeclaring(60_000, 60_000, true));
        assertRefused(loader, file, "60000×60000 is 3600 megapixels; the limit is 100");
    }

    @Test
    void refuses_a_png_with_no_end_chunk() throws IOException {
        Path file = Files.write(dir.resolve("cut.png"), ImageFixtures.pngDeclaring(64, 64, false));
        assertRefused(loader, file, "PNG data is truncated (no IEND chunk)");
    }

    @Test
    void refuses_random_bytes() throws IOException {
        byte[] noise = new byte[4096];
        new Random(42).nextBytes(noise);
        Path file = Files.write(dir.resolve("noise.png"), noise);
        String signature = HexFormat.ofDelimiter(" ").withUpperCase().formatHex(noise, 0, 4);
        assertRefused(loader, file, "not an image (unknown signature " + signature + ")");
    }

    @Test
    void refuses_a_file_over_the_byte_limit_before_reading_it() throws IOException {
        Path file = Files.write(dir.resolve("photo.jpg"), ImageFixtures.resource(ImageFixtures.OREGON_SMALL));
        ImageLoader small = new ImageLoader(ImageLimits.defaults().withMaxBytes(1000));
        assertRefused(small, file, String.format("%,d bytes; the limit is 1,000 bytes", Files.size(file)));
    }

    @Test
    void refuses_an_image_over_the_pixel_limit() throws IOException {
        Path file = Files.write(dir.resolve("wide.png"), ImageFixtures.write(ImageFixtures.drawn(200, 100, BufferedImage.TYPE_INT_RGB), "png"));
        ImageLoader small = new ImageLoader(ImageLimits.defaults().withMaxPixels(10_000));
        assertRefused(small, file, "200×100 is 20,000 pixels; the limit is 10,000");
    }

    @Test
    void refuses_a_path_that_leaves_the_allowed_folder_through_dot_dot() throws IOException {
        Path root = Files.createDirectory(dir.resolve("data"));
        Files.write(dir.resolve("secret.jpg"), ImageFixtures.resource(ImageFixtures.OREGON_SMALL));
        ImageLoader confined = new ImageLoader(ImageLimits.defaults().withAllowedRoot(root));
        assertRefused(confined, root.resolve("../secret.jpg"), "outside the allowed folder");
        assertRefused(confined, root.resolve("../../etc/passwd"), "outside the allowed folder");
    }

    @Test
    void refuses_a_symbolic_link_that_leaves_the_allowed_folder() throws IOException {
        Path root = Files.createDirectory(dir.resolve("data"));
        Path secret = Files.write(dir.resolve("secret.jpg"), ImageFixtures.resource(ImageFixtures.OREGON_SMALL));
        Path link = Files.createSymbolicLink(root.resolve("innocent.jpg"), secret);
        ImageLoader confined = new ImageLoader(ImageLimits.defaults().withAllowedRoot(root));
        assertRefused(confined, link, "outside the allowed folder");
    }

    @Test
    void a_file_named_by_the_caller_is_refused_under_that_name_naming_no_path_of_the_server() throws IOException {
        Path root = Files.createDirectory(dir.resolve("data"));
        Path secret = Files.write(dir.resolve("secret.jpg"), ImageFixtures.resource(ImageFixtures.OREGON_SMALL));
        Files.createSymbolicLink(root.resolve("innocent.jpg"), secret);
        Files.createDirectory(root.resolve("album.jpg"));
        ImageLoader confined = new ImageLoader(ImageLimits.defaults().withAllowedRoot(root));

        for (String[] given : new String[][] {{"../secret.jpg", "../secret.jpg: outside the allowed folder"},
                {"innocent.jpg", "innocent.jpg: outside the allowed folder"},
                {"missing.jpg", "missing.jpg: no such file"},
                {"album.jpg", "album.jpg: a folder, not a file"}}) {
            LoupeException e = assertThrows(LoupeException.class, () -> confined.load(root.resolve(given[0]), given[0]));
            assertEquals(given[1], e.getMessage());
            assertFalse(e.getMessage().contains(dir.toString()), e.getMessage());
        }
    }

    @Test
    void refuses_a_jpeg_start_marker_followed_by_garbage_although_imageio_skips_it() {
        // The JPEG signature is FF D8 FF; this commons-imaging sample puts bytes 00..FF after FF D8.
        LoupeException e = assertThrows(LoupeException.class, () -> loader.load(
                ImageFixtures.resource("/data/images/jpg/4/0x00-to-0xFF-between-segments.jpg"), "odd.jpg"));
        assertEquals("odd.jpg: not an image (unknown signature FF D8 00 01)", e.getMessage());
    }

    @Test
    void refuses_a_folder() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("album.jpg"));
        assertRefused(loader, folder, "a folder, not a file");
    }

    @Test
    void refuses_a_missing_file() {
        assertRefused(loader, dir.resolve("nowhere.jpg"), "no such file");
    }

    @Test
    void refuses_bytes_handed_over_in_memory_by_name() {
        LoupeException e = assertThrows(LoupeException.class,
                () -> loader.load("just words".getBytes(StandardCharsets.UTF_8), "upload.png"));
        assertEquals("upload.png: not an image (it starts with text)", e.getMessage());
    }

    @Test
    void keeps_the_message_on_one_line_when_the_name_has_a_line_break() {
        LoupeException e = assertThrows(LoupeException.class, () -> loader.load(new byte[0], "evil\nname.jpg"));
        assertEquals("evil name.jpg: the file is empty", e.getMessage());
    }

    static void assertRefused(ImageLoader loader, Path file, String reason) {
        LoupeException e = assertThrows(LoupeException.class, () -> loader.load(file));
        assertEquals(LoupeException.Kind.BAD_INPUT, e.kind());
        assertEquals(file + ": " + reason, e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }
}
