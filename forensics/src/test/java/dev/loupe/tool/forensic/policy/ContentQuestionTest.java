package dev.loupe.tool.forensic.policy;

import dev.loupe.Loupe;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.forensic.ForensicVerdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The offline policy answers the content question from evidence, never from its prior, through the real
 * compiled graph: no evidence, or evidence that cancels out, gives {@code uncertain} whatever the prior says.
 */
class ContentQuestionTest {

    @ParameterizedTest
    @ValueSource(doubles = {-12, 12})
    void a_file_with_no_weighed_evidence_is_uncertain_whatever_the_prior(double bias) throws IOException {
        String yaml = onlyTools("metadata").replaceFirst("(?m)^  bias: .*", "  bias: " + bias)
                .replaceAll("(?m)^(    [a-z0-9_]+): -?[0-9.]+.*$", "$1: 0.0");

        ForensicVerdict verdict = analyze(yaml, png(drawn()), "drawn.png");

        assertEquals("uncertain", verdict.verdict(), verdict.rationale());
        assertEquals("unknown", verdict.category());
        assertTrue(verdict.rationale().startsWith("No sign of local editing; origin cannot be established offline"),
                verdict.rationale());
    }

    @Test
    void evidence_that_cancels_out_is_uncertain_even_where_the_prior_would_say_real() throws IOException {
        // without the fitted calibration map, so that P(fake) is the plain sigmoid of the log-odds and the prior
        // alone says real as strongly as it can
        String yaml = onlyTools("metadata", "quant_tables").replaceFirst("(?m)^  bias: .*", "  bias: -8.0")
                .replaceFirst("(?m)^  calibration:\\n    logits: .*\\n    p_fake: .*\\n", "")
                .replaceAll("(?m)^(    [a-z0-9_]+): -?[0-9.]+.*$", "$1: 0.0")
                .replaceFirst("(?m)^    camera_exif_intact: .*", "    camera_exif_intact: 4.0")
                .replaceFirst("(?m)^    qtable_matches_make: .*", "    qtable_matches_make: -4.0");

        ForensicVerdict verdict = analyze(yaml, TestImages.resource(TestImages.OREGON_DS6639).bytes(), "camera.jpg");

        assertTrue(verdict.pFake() <= 0.01, "the prior alone would say real: " + verdict.pFake());
        assertEquals("uncertain", verdict.verdict(), verdict.rationale());
        assertTrue(verdict.rationale().contains("the evidence does not decide"), verdict.rationale());
    }

    private static String shipped() {
        return GraphFiles.bundled().read("graphs/forensic.yaml");
    }

    private static String onlyTools(String... tools) {
        return shipped().replaceFirst("(?m)^tools: .*", "tools: [" + String.join(", ", tools) + "]");
    }

    private static ForensicVerdict analyze(String yaml, byte[] file, String name) throws IOException {
        try (Loupe loupe = Loupe.builder().graph(GraphSpecParser.parse(yaml, "content question")).build()) {
            return ForensicVerdict.of(loupe.analyze(file, name).output());
        }
    }

    private static BufferedImage drawn() {
        BufferedImage image = new BufferedImage(96, 64, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 96; x++) {
                image.setRGB(x, y, (x * 2) << 16 | (y * 3) << 8 | (x + y));
            }
        }
        return image;
    }

    private static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }
}
