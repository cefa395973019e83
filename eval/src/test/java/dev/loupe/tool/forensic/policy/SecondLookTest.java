package dev.loupe.tool.forensic.policy;

import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.graph.ToolDetail;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.forensic.CarefulForgeries;
import dev.loupe.tool.forensic.ForensicVerdict;
import dev.loupe.tool.forensic.ForgeryImages;
import org.junit.jupiter.api.Test;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The offline policy's second look, through the real compiled forensic graph: an undecided first
 * turn with a region flagged leads to a second tool turn on that region; a decided one does not.
 */
class SecondLookTest {

    private static final Rectangle PASTED = new Rectangle(403, 301, 240, 176);

    @Test
    void an_undecided_first_turn_with_an_ela_region_takes_a_second_turn_of_ghost_and_adq_on_that_region() {
        // thresholds P(fake) cannot reach: whatever the first turn finds, it stays undecided
        AnalysisResult result = analyze(0.0, 1.0, forgery());

        int first = firstRound(result);
        List<ToolDetail> second = result.toolDetails().stream()
                .filter(d -> d.turn() == first + 1).toList();
        assertEquals(List.of("jpeg_ghost", "adq"), second.stream().map(d -> d.tool()).toList(), result.rawText());
        assertEquals(2, result.toolUsage().get("jpeg_ghost"));
        assertTrue(ForensicVerdict.of(result.output()).evidence().stream()
                .anyMatch(e -> String.valueOf(e.finding()).contains("region")
                        && ("jpeg_ghost".equals(e.tool()) || "adq".equals(e.tool()))), result.rawText());
    }

    @Test
    void a_careful_retouch_whose_noise_is_smoothed_gets_a_same_table_re_save_look_at_that_region() {
        AnalysisResult result = analyze(0.0, 1.0, CarefulForgeries.retouch(), "[metadata, noise, same_quantization]");

        int first = firstRound(result);
        List<ToolDetail> second = result.toolDetails().stream()
                .filter(d -> d.turn() == first + 1).toList();
        assertEquals(List.of("same_quantization"), second.stream().map(d -> d.tool()).toList(), result.rawText());
        assertTrue(ForensicVerdict.of(result.output()).evidence().stream()
                .anyMatch(e -> String.valueOf(e.finding()).startsWith("same_q_region_single_compressed")), result.rawText());
    }

    @Test
    void a_decided_first_turn_concludes_without_a_second_look() {
        AnalysisResult result = analyze(0.35, 0.65, JpegFixtures.resource(JpegFixtures.NIKON));

        int first = firstRound(result);
        assertTrue(result.toolDetails().stream().allMatch(d -> d.turn() == first), result.rawText());
    }

    /** The turn the first tool round is recorded under: 0 when the graph runs its tools first, else 1. */
    private static int firstRound(AnalysisResult result) {
        return result.toolDetails().stream().mapToInt(d -> d.turn()).min().orElseThrow();
    }

    private static AnalysisResult analyze(double realThreshold, double fakeThreshold, byte[] image) {
        return analyze(realThreshold, fakeThreshold, image, "[metadata, jpeg, ela, noise, jpeg_ghost, adq]");
    }

    private static AnalysisResult analyze(double realThreshold, double fakeThreshold, byte[] image, String tools) {
        String yaml = GraphFiles.bundled().read("graphs/forensic.yaml")
                .replaceFirst("(?m)^tools: .*", "tools: " + tools)
                .replaceFirst("(?m)^  fake_threshold: .*", "  fake_threshold: " + fakeThreshold)
                .replaceFirst("(?m)^  real_threshold: .*", "  real_threshold: " + realThreshold);
        try (Loupe loupe = Loupe.builder().graph(GraphSpecParser.parse(yaml, "second look")).build()) {
            return loupe.analyze(image, "forgery.jpg");
        }
    }

    /** A patch of another camera photo, compressed at q50, pasted off the grid into a once-shared photo, saved at q95. */
    private static byte[] forgery() {
        BufferedImage base = ForgeryImages.saved(ForgeryImages.cameraCrop(JpegFixtures.NIKON), 90);
        BufferedImage patch = ForgeryImages.saved(ForgeryImages.donor(JpegFixtures.CANON, 800, 600, 400, 300), 50);
        return JpegFixtures.encode(ForgeryImages.pasted(base, patch, PASTED), 95);
    }
}
