package dev.loupe.tool.forensic.policy;

import dev.loupe.tool.forensic.policy.ExplainedFindings;

import dev.loupe.tool.forensic.policy.Evidence;

import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.image.jpeg.CameraEncoder;
import dev.loupe.tool.forensic.ForensicVerdict;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A finding another one explains away: through the real compiled graph, the bundled camera original
 * scaled to 80% and saved as its camera would (its tables, sampling and EXIF with thumbnail), which
 * matches its thumbnail as the original does, while its EXIF size is the original's.
 */
class ExplainedFindingsTest {

    private static final Path SAMPLE = Path.of("evaluation/samples/camera-original.jpg");

    @Test
    void a_resized_picture_proves_nothing_by_matching_its_thumbnail() throws IOException {
        byte[] camera = Files.readAllBytes(SAMPLE);
        byte[] resized = CameraEncoder.imitating(camera).encode(
                Forgeries.scaled(ImageIO.read(new ByteArrayInputStream(camera)), 0.8));

        ForensicVerdict independent = analyze(shipped().replaceFirst("(?ms)^  explained_by:\\n(    .*?\\n)+", ""), resized);
        ForensicVerdict explained = analyze(shipped(), resized);

        assertEquals(0.0, finding(independent, "exif_size_mismatch").weight(), "the EXIF size is the original's: the file's history, never weighed");
        assertTrue(finding(independent, "thumbnail_consistent").weight() < 0, "weighed when nothing explains it");
        ForensicVerdict.Evidence unweighed = finding(explained, "thumbnail_consistent");
        assertEquals(0.0, unweighed.weight());
        assertTrue(unweighed.finding().endsWith("Not weighed: exif_size_mismatch explains it."), unweighed.finding());
        assertEquals(weighed(independent) - finding(independent, "thumbnail_consistent").weight(), weighed(explained), 1e-9,
                "the evidence weighs the same but for the explained finding");
    }

    @Test
    void a_code_is_explained_only_by_a_finding_seen_with_it() {
        ExplainedFindings explained = ExplainedFindings.fromConfig(Map.of("explained_by",
                Map.of("same_q_first_generation", List.of("exif_size_mismatch", "resampled"))));

        assertEquals(Set.of("same_q_first_generation", "camera_exif_intact"),
                explained.unexplained(List.of("same_q_first_generation", "camera_exif_intact")));
        assertEquals(Set.of("resampled", "camera_exif_intact"),
                explained.unexplained(List.of("same_q_first_generation", "resampled", "camera_exif_intact")));
        assertEquals(ExplainedFindings.NONE, ExplainedFindings.fromConfig(Map.of()));
    }

    @Test
    void an_explanation_that_is_not_a_list_of_other_codes_is_refused_in_one_line() {
        LoupeException notList = assertThrows(LoupeException.class, () -> ExplainedFindings.fromConfig(
                Map.of("explained_by", Map.of("same_q_first_generation", "exif_size_mismatch"))));
        LoupeException itself = assertThrows(LoupeException.class, () -> ExplainedFindings.fromConfig(
                Map.of("explained_by", Map.of("noise_consistent", List.of("noise_consistent")))));

        assertEquals(LoupeException.Kind.BAD_INPUT, notList.kind());
        assertEquals("policy: explained_by.same_q_first_generation must be a list of finding codes, not 'exif_size_mismatch'",
                notList.getMessage());
        assertEquals("policy: explained_by.noise_consistent lists the finding itself; a finding cannot explain itself away",
                itself.getMessage());
    }

    private static ForensicVerdict.Evidence finding(ForensicVerdict verdict, String code) {
        return verdict.evidence().stream().filter(e -> e.finding().startsWith(code + ":")).findFirst()
                .orElseThrow(() -> new AssertionError(code + " not in " + verdict.evidence()));
    }

    private static double weighed(ForensicVerdict verdict) {
        return verdict.evidence().stream().mapToDouble(ForensicVerdict.Evidence::weight).sum();
    }

    /** The shipped graph on four tools, its thumbnail's consistency weighed (the fit of the day may give it 0). */
    private static String shipped() {
        return GraphFiles.bundled().read("graphs/forensic.yaml")
                .replaceFirst("(?m)^tools: .*", "tools: [metadata, jpeg, thumbnail, same_quantization]")
                .replaceFirst("(?m)^    thumbnail_consistent: -?[0-9].*", "    thumbnail_consistent: -1.0");
    }

    private static ForensicVerdict analyze(String yaml, byte[] image) {
        try (Loupe loupe = Loupe.builder().graph(GraphSpecParser.parse(yaml, "explained findings")).build()) {
            AnalysisResult result = loupe.analyze(image, "resized.jpg");
            return ForensicVerdict.of(result.output());
        }
    }
}
