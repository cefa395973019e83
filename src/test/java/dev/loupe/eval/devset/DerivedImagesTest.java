package dev.loupe.eval.devset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DerivedImagesTest {

    private static final String CAMERA = "/data/images/jpg/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG";

    @TempDir
    Path dir;

    private Path cameraOriginal() throws Exception {
        Path file = dir.resolve("canon.jpg");
        try (InputStream in = DerivedImagesTest.class.getResourceAsStream(CAMERA)) {
            Files.copy(in, file);
        }
        return file;
    }

    @Test
    void the_camera_exif_block_is_found_and_put_in_place_of_the_encoder_jfif_segment() throws Exception {
        byte[] camera = Files.readAllBytes(cameraOriginal());
        byte[] exif = ExifSegment.find(camera).orElseThrow();
        assertEquals(0xE1, exif[1] & 0xFF);
        assertEquals("Exif", new String(exif, 4, 4, java.nio.charset.StandardCharsets.US_ASCII));
        ByteArrayOutputStream encoded = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(16, 16, BufferedImage.TYPE_INT_RGB), "jpeg", encoded);
        byte[] withExif = ExifSegment.insert(encoded.toByteArray(), exif);
        assertArrayEquals(exif, Arrays.copyOfRange(withExif, 2, 2 + exif.length));
        assertTrue((withExif[2 + exif.length + 1] & 0xFF) != 0xE0, "the JFIF segment is gone");
        assertNotNull(ImageIO.read(new java.io.ByteArrayInputStream(withExif)));
    }

    @Test
    void four_fake_variants_are_written_for_a_camera_original_with_exif() throws Exception {
        Path out = dir.resolve("derived");
        Files.createDirectories(out);
        List<String> rows = DerivedImages.derive(cameraOriginal(), out);
        assertEquals(4, rows.size());
        assertEquals(List.of("recompressed", "resized", "exif_kept_recompressed", "copy_move_exif_kept"),
                rows.stream().map(r -> r.split(",")[2]).toList());
        assertTrue(rows.stream().allMatch(r -> r.startsWith("derived/canon-") && r.split(",")[1].equals("fake")));
        BufferedImage resized = ImageIO.read(out.resolve("canon-resized.jpg").toFile());
        BufferedImage original = ImageIO.read(dir.resolve("canon.jpg").toFile());
        assertEquals(original.getWidth() / 2, resized.getWidth());
        assertTrue(ExifSegment.find(Files.readAllBytes(out.resolve("canon-copy-move.jpg"))).isPresent());
        assertTrue(ExifSegment.find(Files.readAllBytes(out.resolve("canon-recompressed.jpg"))).isEmpty());
    }
}
