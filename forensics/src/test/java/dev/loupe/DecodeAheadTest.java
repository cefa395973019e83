package dev.loupe;

import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * A one-off analysis starts its graph's shared decode of the image while the graph is still being
 * built ({@link LoupeBuilder#decodeAhead}); what it finds must be that image's decode and give the
 * result the tools would have decoded themselves.
 */
class DecodeAheadTest {

    private static final Path SAMPLE = Path.of("evaluation/samples/camera-original.jpg");

    @TempDir
    Path dir;

    @Test
    void an_image_decoded_ahead_is_analysed_as_one_its_tools_decode() {
        LoadedImage image = new ImageLoader().load(SAMPLE);

        AnalysisResult ahead = analyse(image, image);

        assertEquals(analyse(new ImageLoader().load(SAMPLE), null).output(), ahead.output());
    }

    @Test
    void an_analysis_never_reads_the_pass_decoded_ahead_for_another_image() throws IOException {
        // Two files of one size at one path: the one decoded ahead is replaced before the analysis
        // reads the path again, as when a file changes between the check and its turn.
        Path file = Files.copy(SAMPLE, dir.resolve("photo.jpg"));
        LoadedImage original = new ImageLoader().load(file);
        Files.move(edited(original), file, StandardCopyOption.REPLACE_EXISTING);
        LoadedImage edited = new ImageLoader().load(file);
        AnalysisResult alone = analyse(edited, null);

        AnalysisResult afterAnother = analyse(edited, original);

        assertEquals(alone.output(), afterAnother.output());
        assertNotEquals(analyse(original, null).output(), alone.output(), "the two images must read differently");
        CoefficientPass.release(original);
    }

    /** Analyses {@code image} with a Loupe that decoded {@code ahead} (when not null) before its build ended. */
    private static AnalysisResult analyse(LoadedImage image, LoadedImage ahead) {
        LoupeBuilder builder = Loupe.builder().store(StoreLocation.parse("memory"));
        try (Loupe loupe = (ahead == null ? builder : builder.decodeAhead(ahead)).build()) {
            if (ahead != null) {
                CoefficientPass.of(ahead); // waits for the decode ahead when it is under way
            }
            return loupe.analyze(image, AnalysisOptions.defaults());
        }
    }

    /** The same picture, of the same size, with a painted patch, saved by ImageIO. */
    private Path edited(LoadedImage image) throws IOException {
        BufferedImage pixels = ImageIO.read(new java.io.ByteArrayInputStream(image.bytes()));
        Graphics2D g = pixels.createGraphics();
        g.setColor(new Color(200, 30, 30));
        g.fillRect(pixels.getWidth() / 4, pixels.getHeight() / 4, pixels.getWidth() / 3, pixels.getHeight() / 3);
        g.dispose();
        Path out = dir.resolve("edited.jpg");
        ImageIO.write(pixels, "jpeg", out.toFile());
        return out;
    }
}
