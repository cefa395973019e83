package dev.loupe.eval.devset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loupe.image.jpeg.ExifSegment;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;

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
    void every_variant_of_a_camera_original_is_fake_and_in_its_fold() throws Exception {
        Path out = dir.resolve("derived");
        Files.createDirectories(out);
        Path original = cameraOriginal();
        List<String> rows = DerivedImages.derive(original, original, 3, out);
        assertEquals(List.of("recompressed", "resized", "exif_kept_recompressed", "copy_move_exif_kept",
                        "camera_resave", "careful_splice", "careful_clone", "careful_retouch", "careful_resized"),
                rows.stream().map(r -> r.split(",")[2]).toList());
        assertTrue(rows.stream().allMatch(r -> r.startsWith("derived/canon-") && r.split(",")[1].equals("fake")));
        assertTrue(rows.stream().allMatch(r -> r.endsWith(",3")), "an original's variants share its fold");
        BufferedImage resized = ImageIO.read(out.resolve("canon-resized.jpg").toFile());
        BufferedImage camera = ImageIO.read(original.toFile());
        assertEquals(camera.getWidth() / 2, resized.getWidth());
        assertTrue(ExifSegment.find(Files.readAllBytes(out.resolve("canon-copy-move-exif-kept.jpg"))).isPresent());
        assertTrue(ExifSegment.find(Files.readAllBytes(out.resolve("canon-recompressed.jpg"))).isEmpty());
    }

    @Test
    void a_careful_forgery_carries_the_camera_tables_sampling_and_exif_and_no_jfif() throws Exception {
        Path out = dir.resolve("derived");
        Files.createDirectories(out);
        Path original = cameraOriginal();
        DerivedImages.derive(original, original, 0, out);
        byte[] camera = Files.readAllBytes(original);
        byte[] forged = Files.readAllBytes(out.resolve("canon-careful-splice.jpg"));
        JpegStructure cameraFile = JpegStructureParser.parse(camera);
        JpegStructure forgedFile = JpegStructureParser.parse(forged);
        for (int c = 0; c < 3; c++) {
            assertArrayEquals(cameraFile.quantTableOf(c).orElseThrow().natural(), forgedFile.quantTableOf(c).orElseThrow().natural());
            assertEquals(cameraFile.frame().components().get(c).h(), forgedFile.frame().components().get(c).h());
            assertEquals(cameraFile.frame().components().get(c).v(), forgedFile.frame().components().get(c).v());
        }
        assertArrayEquals(ExifSegment.find(camera).orElseThrow(), ExifSegment.find(forged).orElseThrow());
        assertTrue(forgedFile.segments().stream().noneMatch(s -> "JFIF".equals(s.identifier())));
        BufferedImage decoded = ImageIO.read(new java.io.ByteArrayInputStream(forged));
        assertEquals(ImageIO.read(original.toFile()).getWidth(), decoded.getWidth());
    }
}
