package dev.loupe.eval.calibrate;

import org.junit.jupiter.api.Test;

import dev.loupe.tool.forensic.policy.CalibrationCurve;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PolicyFileTest {

    private static final String GRAPH = """
            # The forensic graph.
            name: forensic
            tools: [metadata, jpeg]
            policy:
              kind: forensic
              bias: -0.4
              fake_threshold: 0.65
              real_threshold: 0.35
              weights:
                # metadata
                editing_software: 2.5
                camera_exif_intact: -1.5
                c2pa_created: -0.5
              categories:
                editing_software: edited
            """;

    /** The graph file's own weights, as the prior when no other is given. */
    private static final Map<String, Double> REASONED = Map.of("editing_software", 2.5, "camera_exif_intact", -1.5, "c2pa_created", -0.5);

    @Test
    void a_weight_that_rounds_to_zero_is_written_without_a_sign() {
        assertEquals("0.000", PolicyFile.number(-0.0));
        assertEquals("0.000", PolicyFile.number(-0.0004));
        assertEquals("-0.001", PolicyFile.number(-0.0006));
        assertEquals("1.808", PolicyFile.number(1.8081));
    }

    @Test
    void only_the_numbers_change_and_the_comments_stay() {
        FittedPolicy fitted = new FittedPolicy(-1.25, Map.of("editing_software", 3.1, "camera_exif_intact", -2.0,
                "thumbnail_mismatch", 2.2), 0.6, 0.3, 1.0, platt(new PlattMap(0.5, 0.1)));
        String text = PolicyFile.rewrite(GRAPH, "forensic-calibrated", fitted, "Fitted on run R.", REASONED);
        assertEquals("""
                # The forensic graph.
                name: forensic-calibrated
                tools: [metadata, jpeg]
                # Fitted on run R.
                policy:
                  kind: forensic
                  bias: -1.250
                  fake_threshold: 0.600
                  real_threshold: 0.300
                  weights:
                    # metadata
                    editing_software: 3.100
                    camera_exif_intact: -2.000
                    c2pa_created: -0.250   # not seen in the data: reasoned weight, rescaled
                    # findings the hand-set list did not weigh, fitted from the data
                    thumbnail_mismatch: 2.200
                  categories:
                    editing_software: edited
                """, text);
    }

    @Test
    void the_rewritten_file_is_still_a_graph_file_with_the_fitted_policy() {
        FittedPolicy fitted = new FittedPolicy(-1.0, Map.of("editing_software", 3.0), 0.7, 0.2, 1.0, platt(PlattMap.IDENTITY));
        String text = PolicyFile.rewrite(GRAPH, "forensic-calibrated", fitted, "Fitted.", REASONED);
        var policy = dev.loupe.graph.GraphSpecParser.parse(text, "test").policy().settings();
        assertEquals(-1.0, ((Number) policy.get("bias")).doubleValue());
        assertTrue(((Map<?, ?>) policy.get("weights")).containsKey("c2pa_created"));
    }

    @Test
    void an_isotonic_map_is_written_after_the_thresholds_and_read_back_by_the_offline_policy() {
        IsotonicMap map = new IsotonicMap(new CalibrationCurve(new double[] {-2, 0.5, 3}, new double[] {0.02, 0.4, 0.97}));
        FittedPolicy fitted = new FittedPolicy(-1.0, Map.of("editing_software", 3.0), 0.7, 0.2, 1.0,
                new MapChoice(map, 0.12, 0.10));
        String text = PolicyFile.rewrite(GRAPH, "forensic", fitted, "Fitted by `loupe eval calibrate` on run R.", REASONED);

        assertTrue(text.contains("""
                  real_threshold: 0.200
                  # P(fake) from bias + weights by an isotonic map fitted on held-out folds: straight lines between these points, flat beyond them
                  calibration:
                    logits: [-2.000, 0.500, 3.000]
                    p_fake: [0.020, 0.400, 0.970]
                  weights:
                """), text);
        var policy = dev.loupe.graph.GraphSpecParser.parse(text, "test").policy().settings();
        CalibrationCurve read = CalibrationCurve.fromConfig(policy.get("calibration"));
        assertEquals(0.4, read.apply(0.5), 1e-12);
    }

    @Test
    void a_second_fit_replaces_the_first_ones_map_and_note_instead_of_adding_to_them() {
        IsotonicMap map = new IsotonicMap(new CalibrationCurve(new double[] {-2, 3}, new double[] {0.02, 0.97}));
        FittedPolicy isotonic = new FittedPolicy(-1.0, Map.of("editing_software", 3.0), 0.7, 0.2, 1.0, new MapChoice(map, 0.12, 0.10));
        String once = PolicyFile.rewrite(GRAPH, "forensic", isotonic, "Fitted by `loupe eval calibrate` on run R.", REASONED);
        FittedPolicy folded = new FittedPolicy(-1.0, Map.of("editing_software", 3.0), 0.7, 0.2, 1.0, platt(PlattMap.IDENTITY));

        String twice = PolicyFile.rewrite(once, "forensic", folded, "Fitted by `loupe eval calibrate` on run S.", REASONED);

        assertEquals(PolicyFile.rewrite(GRAPH, "forensic", folded, "Fitted by `loupe eval calibrate` on run S.", REASONED), twice);
    }

    @Test
    void an_unseen_weight_is_the_reasoned_one_rescaled_however_often_the_file_is_refitted() {
        FittedPolicy fitted = new FittedPolicy(-1.0, Map.of("editing_software", 3.0), 0.7, 0.2, 1.0, platt(new PlattMap(3.0, 0.0)));
        Map<String, Double> reasoned = Map.of("c2pa_created", -0.5);

        String once = PolicyFile.rewrite(GRAPH, "forensic", fitted, "Fitted on run R.", reasoned);
        String twice = PolicyFile.rewrite(once, "forensic", fitted, "Fitted on run S.", reasoned);

        assertTrue(once.contains("    c2pa_created: -1.500   # not seen in the data"), once);
        assertTrue(twice.contains("    c2pa_created: -1.500   # not seen in the data"), "a second fit multiplied it again:\n" + twice);
    }

    private static MapChoice platt(PlattMap map) {
        return new MapChoice(map, 0.1, 0.12);
    }
}
