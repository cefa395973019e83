package dev.loupe.tool.forensic.policy;

import dev.loupe.Loupe;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.forensic.ForensicVerdict;
import dev.loupe.tool.forensic.PhotoFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.imageio.ImageIO;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A whole-frame re-save of a camera photo leaves its content real, so the shipped graph never calls it
 * fake, through the real compiled graph on images made here from the test set's camera photos: a PNG
 * conversion, a messenger's resize and re-encode without metadata, a crop re-saved, and the bundled PNG of
 * the sample photo. A {@code real} is {@code processed}, never {@code camera_original}.
 */
class ResavedPhotoTest {

    private static final Set<String> REAL_CATEGORIES = Set.of("processed", "camera_original", "unknown");

    @ParameterizedTest
    @ValueSource(strings = {"png", "messenger", "crop"})
    void a_whole_frame_resave_of_a_camera_photo_is_never_called_fake(String how) throws IOException {
        for (String photo : List.of(TestImages.NIKON_D50, TestImages.CANON_SD750, TestImages.OREGON_DS6639)) {
            BufferedImage pixels = ImageIO.read(new ByteArrayInputStream(TestImages.resource(photo).bytes()));
            byte[] file = switch (how) {
                case "png" -> png(pixels);
                case "messenger" -> jpeg(scaled(pixels, 0.6), 0.72f);
                default -> jpeg(pixels.getSubimage(pixels.getWidth() / 10, pixels.getHeight() / 8,
                        pixels.getWidth() * 7 / 10, pixels.getHeight() * 3 / 4), 0.9f);
            };

            ForensicVerdict verdict = analyze(shipped(), file, how.equals("png") ? "resaved.png" : "resaved.jpg");

            assertNotEquals("fake", verdict.verdict(), photo + " " + how + ": " + verdict.rationale());
            assertTrue(REAL_CATEGORIES.contains(verdict.category()), photo + " " + how + ": " + verdict.category());
            if (verdict.verdict().equals("real")) {
                assertEquals("processed", verdict.category(), photo + " " + how + ": " + verdict.rationale());
            }
        }
    }

    @Test
    void the_bundled_png_of_the_camera_original_is_never_called_fake() throws IOException {
        byte[] png = Files.readAllBytes(Path.of("evaluation/samples/camera-original.png"));

        ForensicVerdict verdict = analyze(shipped(), png, "camera-original.png");

        assertNotEquals("fake", verdict.verdict(), verdict.rationale());
        assertTrue(Set.of("real", "uncertain").contains(verdict.verdict()));
        assertEquals(verdict.verdict().equals("real") ? "processed" : "unknown", verdict.category(), verdict.rationale());
    }

    private static String shipped() {
        return GraphFiles.bundled().read("graphs/forensic.yaml");
    }

    private static ForensicVerdict analyze(String yaml, byte[] file, String name) throws IOException {
        try (Loupe loupe = Loupe.builder().graph(GraphSpecParser.parse(yaml, "content question")).build()) {
            return ForensicVerdict.of(loupe.analyze(file, name).output());
        }
    }

    private static BufferedImage scaled(BufferedImage source, double factor) {
        BufferedImage out = new BufferedImage((int) (source.getWidth() * factor), (int) (source.getHeight() * factor),
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(source, 0, 0, out.getWidth(), out.getHeight(), null);
        g.dispose();
        return out;
    }

    private static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    private static byte[] jpeg(BufferedImage image, float quality) {
        BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        rgb.createGraphics().drawImage(image, 0, 0, null);
        return PhotoFixtures.jpeg(rgb, quality);
    }
}
