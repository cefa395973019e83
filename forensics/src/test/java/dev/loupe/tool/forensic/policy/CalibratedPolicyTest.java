package dev.loupe.tool.forensic.policy;

import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.tool.forensic.ForensicVerdict;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The offline forensic policy's confidence and calibration as the graph file states them, through
 * the real compiled graph on the bundled camera original: what speaks for it is evidence a forger
 * controls (its EXIF, tables and layout), so its {@code real} stops at the cap.
 */
class CalibratedPolicyTest {

    private static final Path SAMPLE = Path.of("evaluation/samples/camera-original.jpg");

    @Test
    void a_camera_original_is_called_real_with_the_capped_confidence_and_its_p_fake_unchanged() throws IOException {
        ForensicVerdict uncapped = analyze(shipped().replace("real_confidence_cap: 0.8", "real_confidence_cap: 1"));
        ForensicVerdict capped = analyze(shipped());

        assertEquals("real", capped.verdict());
        assertEquals(uncapped.pFake(), capped.pFake(), "P(fake) stays as calibrated");
        assertTrue(1 - uncapped.pFake() > 0.8, "the sample is sure enough to be capped: " + uncapped.pFake());
        assertEquals(0.8, capped.confidence(), 1e-9);
        assertEquals(1 - uncapped.pFake(), uncapped.confidence(), 1e-3);
        assertTrue(capped.rationale().contains("what speaks for real is evidence a forger controls or can reproduce"),
                capped.rationale());
    }

    @Test
    void forger_controlled_consistency_never_carries_real_past_the_cap_however_heavily_it_is_weighed() throws IOException {
        String heavy = shipped().replaceAll("(?m)^    (camera_exif_intact|qtable_matches_make|camera_quantization"
                + "|exif_thumbnail_present|thumbnail_consistent|standard_tables_camera_layout): -?[0-9].*", "    $1: -40.0");

        ForensicVerdict verdict = analyze(heavy);

        assertEquals("real", verdict.verdict());
        assertEquals(0.01, verdict.pFake(), 1e-9);
        assertTrue(verdict.confidence() <= 0.8, "confidence " + verdict.confidence());
    }

    @Test
    void evidence_outside_the_forger_controlled_list_lifts_the_cap() throws IOException {
        ForensicVerdict trusted = analyze(shipped().replace("[camera_exif_intact, exif_thumbnail_present, camera_quantization, "
                + "qtable_matches_make,", "[exif_thumbnail_present, camera_quantization,"));

        assertEquals(1 - trusted.pFake(), trusted.confidence(), 1e-3);
        assertTrue(trusted.confidence() > 0.8, "confidence " + trusted.confidence());
    }

    @Test
    void p_fake_and_the_confidence_stay_within_the_files_max_probability() throws IOException {
        String lifted = shipped().replace("real_confidence_cap: 0.8", "real_confidence_cap: 1");
        ForensicVerdict unlimited = analyze(lifted.replace("max_probability: 0.99", "max_probability: 1"));
        ForensicVerdict limited = analyze(lifted);

        assertTrue(unlimited.pFake() < 0.01, "the sample is surer than the limit without it: " + unlimited.pFake());
        assertEquals("real", limited.verdict());
        assertEquals(0.01, limited.pFake(), 1e-9);
        assertEquals(0.99, limited.confidence(), 1e-9);
        assertThrows(LoupeException.class, () -> analyze(lifted.replace("max_probability: 0.99", "max_probability: 0.4")));
    }

    @Test
    void p_fake_comes_from_the_graph_files_calibration_curve_when_it_has_one() throws IOException {
        ForensicVerdict flat = analyze(shipped().replace("  real_confidence_cap: 0.8",
                "  calibration:\n    logits: [-5, 5]\n    p_fake: [0.5, 0.5]\n  real_confidence_cap: 0.8")
                .replaceFirst("(?m)^  fake_threshold: .*", "  fake_threshold: 0.8")
                .replaceFirst("(?m)^  real_threshold: .*", "  real_threshold: 0.2"));

        assertEquals(0.5, flat.pFake(), 1e-9, "every log-odds maps to 0.5 on this curve");
        assertEquals("uncertain", flat.verdict(), "0.5 lies between the thresholds");
    }

    @Test
    void a_calibration_curve_that_falls_is_refused_in_one_line() {
        String yaml = shipped().replace("  real_confidence_cap: 0.8",
                "  calibration:\n    logits: [-5, 5]\n    p_fake: [0.9, 0.1]\n  real_confidence_cap: 0.8");

        LoupeException e = assertThrows(LoupeException.class, () -> analyze(yaml));

        assertEquals(LoupeException.Kind.BAD_INPUT, e.kind());
        assertEquals("policy: calibration's logits must increase and its p_fake stay within [0, 1] without decreasing; "
                + "point 2 (5.0, 0.1) breaks that", e.getMessage());
    }

    /**
     * The shipped graph on the file-structure tools alone, without its calibration curve, and with the
     * sample's camera evidence (EXIF, tables: forger-controlled) weighed heavily toward real, so that the
     * cap, not the fit of the day, sets the sample's confidence.
     */
    private static String shipped() {
        return GraphFiles.bundled().read("graphs/forensic.yaml")
                .replaceFirst("(?m)^tools: .*", "tools: [metadata, provenance, jpeg, thumbnail, quant_tables]")
                .replaceFirst("(?m)^  # P\\(fake\\) from bias \\+ weights by an isotonic map.*\\n  calibration:\\n    logits: .*\\n    p_fake: .*\\n", "")
                .replaceFirst("(?m)^    camera_exif_intact: .*", "    camera_exif_intact: -4.0")
                .replaceFirst("(?m)^    qtable_matches_make: .*", "    qtable_matches_make: -4.0");
    }

    private static ForensicVerdict analyze(String yaml) throws IOException {
        try (Loupe loupe = Loupe.builder().graph(GraphSpecParser.parse(yaml, "calibrated policy")).build()) {
            AnalysisResult result = loupe.analyze(Files.readAllBytes(SAMPLE), "camera-original.jpg");
            return ForensicVerdict.of(result.output());
        }
    }
}
