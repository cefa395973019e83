package dev.loupe.eval.calibrate;

import dev.loupe.eval.metrics.BalancedEce;
import dev.loupe.eval.metrics.ContentBars;
import dev.loupe.tool.forensic.policy.ExplainedFindings;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CalibrationProcedureTest {

    private static final Map<String, Double> PRIOR = Map.of("bias", -0.4, "camera_exif_intact", -1.5,
            "thumbnail_mismatch", 0.5);

    /**
     * Five folds of a set like the development set: each original reports camera_exif_intact; its fakes
     * mostly show thumbnail_mismatch or double_jpeg_compression, and some keep the camera EXIF too.
     */
    private static List<LabelledFindings> items(long seed) {
        Random random = new Random(seed);
        List<LabelledFindings> items = new ArrayList<>();
        for (int original = 0; original < 20; original++) {
            int fold = original % 5;
            Map<String, String> real = new HashMap<>(Map.of("camera_exif_intact", "metadata"));
            if (random.nextDouble() < 0.2) {
                real.put("noise_inconsistent_region", "noise");
            }
            items.add(new LabelledFindings("real-" + original, false, fold, "camera_original", real));
            for (int variant = 0; variant < 6; variant++) {
                Map<String, String> fake = new HashMap<>();
                if (random.nextDouble() < 0.85) {
                    fake.put(random.nextBoolean() ? "thumbnail_mismatch" : "double_jpeg_compression",
                            random.nextBoolean() ? "thumbnail" : "jpeg");
                }
                if (random.nextDouble() < 0.5) {
                    fake.put("camera_exif_intact", "metadata");
                }
                if (random.nextDouble() < 0.2) {
                    fake.put("noise_inconsistent_region", "noise");
                }
                items.add(new LabelledFindings("fake-" + original + "-" + variant, true, fold,
                        "careful_" + variant, fake));
            }
        }
        return items;
    }

    @Test
    void findings_that_separate_the_classes_get_weights_of_the_right_sign() {
        FittedPolicy policy = new PolicyFitter(PRIOR).fit(items(1));
        assertTrue(policy.weights().get("thumbnail_mismatch") > 1, "thumbnail_mismatch: " + policy.weights());
        assertTrue(policy.weights().get("double_jpeg_compression") > 1, "unseen in the prior, learnt: " + policy.weights());
        assertTrue(policy.weights().get("camera_exif_intact") < 0, policy.weights().toString());
        assertTrue(policy.realThreshold() < policy.fakeThreshold());
    }

    @Test
    void a_held_finding_keeps_its_reasoned_weight_on_the_calibrated_scale() {
        FittedPolicy policy = new PolicyFitter(PRIOR, java.util.Set.of("camera_exif_intact")).fit(items(1));
        assertEquals(-1.5 * policy.calibration().map().slope(), policy.weights().get("camera_exif_intact"), 1e-3);
    }

    @Test
    void forger_controlled_consistency_seen_mostly_on_forgeries_still_never_weighs_toward_fake() {
        // Every fake keeps the camera EXIF here (a careful forger's), the originals only half the time.
        List<LabelledFindings> items = new ArrayList<>();
        for (LabelledFindings item : items(3)) {
            Map<String, String> findings = new HashMap<>(item.findings());
            if (item.fake()) {
                findings.put("camera_exif_intact", "metadata");
            } else if (item.id().hashCode() % 2 == 0) {
                findings.remove("camera_exif_intact");
            }
            items.add(new LabelledFindings(item.id(), item.fake(), item.fold(), item.category(), findings));
        }

        FittedPolicy free = new PolicyFitter(PRIOR).fit(items);
        FittedPolicy bounded = new PolicyFitter(PRIOR, java.util.Set.of(), 0, java.util.Set.of(),
                java.util.Set.of("camera_exif_intact")).fit(items);

        assertTrue(free.weights().get("camera_exif_intact") > 0, "the data alone would weigh it toward fake: " + free.weights());
        assertTrue(bounded.weights().get("camera_exif_intact") <= 0, bounded.weights().toString());
        assertTrue(bounded.weights().get("thumbnail_mismatch") > 1, "the rest is still learnt: " + bounded.weights());
    }

    @Test
    void a_history_finding_is_never_a_feature_even_when_it_separates_the_classes() {
        FittedPolicy policy = new PolicyFitter(PRIOR, java.util.Set.of(), 0, java.util.Set.of("double_jpeg_compression"))
                .fit(items(1));

        assertTrue(!policy.weights().containsKey("double_jpeg_compression"), policy.weights().toString());
    }

    @Test
    void with_min_evidence_the_bias_stays_at_the_priors() {
        FittedPolicy policy = new PolicyFitter(PRIOR, java.util.Set.of(), 0.5, java.util.Set.of()).fit(items(1));

        double unmapped = policy.calibration().map() instanceof PlattMap platt ? (policy.bias() - platt.b()) / platt.a() : policy.bias();
        assertEquals(-0.4, unmapped, 1e-3);
        assertTrue(java.util.Arrays.stream(PolicyFitter.MIN_EVIDENCE).anyMatch(need -> need == policy.minEvidence()),
                "min_evidence chosen from the grid: " + policy.minEvidence());
    }

    @Test
    void held_out_figures_separate_a_separable_set() {
        HeldOut heldOut = HeldOut.of(items(2), new PolicyFitter(PRIOR));
        ContentBars figures = CalibrationFigures.of(heldOut);
        assertEquals(0, figures.originalsFlagged().successes(), "no original called fake");
        assertTrue(figures.auroc() > 0.9, "AUROC " + figures.auroc());
        assertTrue(figures.eceLow() <= figures.ece() && figures.ece() <= figures.eceHigh() + 1e-9,
                figures.eceLow() + " " + figures.ece() + " " + figures.eceHigh());
        assertEquals(5, heldOut.policies().size());
    }

    @Test
    void a_re_save_that_looks_like_its_original_is_not_fitted_on_and_is_reported_on_its_own() {
        List<LabelledFindings> items = new ArrayList<>(items(2));
        for (LabelledFindings original : items(2)) {
            if (!original.fake()) {
                items.add(new LabelledFindings(original.id() + "-resave", true, original.fold(), LabelledFindings.RESAVE,
                        original.findings()));
            }
        }
        ContentBars figures = CalibrationFigures.of(HeldOut.of(items, new PolicyFitter(PRIOR)));
        ContentBars without = CalibrationFigures.of(HeldOut.of(items(2), new PolicyFitter(PRIOR)));
        assertEquals(without.originalsFlagged(), figures.originalsFlagged(), "the re-saves change nothing the fit sees");
        assertEquals(without.ece(), figures.ece(), 1e-12);
        assertEquals(20, figures.resavesReal().trials());
        assertEquals(without.originalsFlagged().trials() - without.originalsFlagged().successes(),
                figures.resavesReal().successes() + figures.resavesUncertain().successes(),
                "each re-save is called as its original was");
    }

    @Test
    void a_fold_is_scored_by_a_policy_that_never_saw_its_labels() {
        List<LabelledFindings> items = items(3);
        List<LabelledFindings> flipped = items.stream().map(i -> i.fold() != 0 ? i
                : new LabelledFindings(i.id(), !i.fake(), i.fold(), i.category(), i.findings())).toList();
        HeldOut original = HeldOut.of(items, new PolicyFitter(PRIOR));
        HeldOut relabelled = HeldOut.of(flipped, new PolicyFitter(PRIOR));
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).fold() == 0) {
                assertEquals(original.pFake()[i], relabelled.pFake()[i], 1e-12, items.get(i).id());
            }
        }
    }

    @Test
    void a_finding_the_graph_file_explains_away_is_neither_fitted_nor_scored_where_its_explainer_is_seen() {
        ExplainedFindings explained = ExplainedFindings.fromConfig(Map.of("explained_by",
                Map.of("camera_exif_intact", List.of("thumbnail_mismatch"))));
        LabelledFindings both = new LabelledFindings("fake", true, 0, "careful_resized",
                Map.of("camera_exif_intact", "metadata", "thumbnail_mismatch", "thumbnail"));
        LabelledFindings alone = new LabelledFindings("real", false, 0, "camera_original", Map.of("camera_exif_intact", "metadata"));

        assertEquals(java.util.Set.of("thumbnail_mismatch"), both.without(explained).codes());
        assertEquals(alone, alone.without(explained));
        List<LabelledFindings> items = items(5);
        GraphPolicy graph = GraphPolicy.load(null, "forensic");
        GraphPolicy explaining = new GraphPolicy(graph.text(), PRIOR, graph.realConfidence(), explained, graph.asWritten(),
                "test", null, graph.history(), graph.minEvidence(), graph.combined());
        CalibrationReport report = CalibrationReport.of(items, explaining, java.util.Set.of());
        assertTrue(report.heldOut().items().stream().noneMatch(item -> item.codes().containsAll(
                List.of("camera_exif_intact", "thumbnail_mismatch"))), "no item keeps both");
        assertTrue(items.stream().anyMatch(item -> item.codes().containsAll(List.of("camera_exif_intact", "thumbnail_mismatch"))),
                "the set has items with both");
    }

    @Test
    void the_tool_table_credits_the_tool_whose_findings_decide() {
        ToolContributions table = ToolContributions.of(items(4), PRIOR);
        ToolContributions.Row thumbnail = table.rows().stream().filter(r -> r.tool().equals("thumbnail")).findFirst().orElseThrow();
        ToolContributions.Row noise = table.rows().stream().filter(r -> r.tool().equals("noise")).findFirst().orElseThrow();
        assertTrue(thumbnail.alone() > noise.alone(), table.toString());
        assertTrue(thumbnail.drop() > noise.drop(), table.toString());
    }

    @Test
    void a_platt_map_fitted_to_logits_twice_too_confident_halves_them() {
        double[] logits = new double[200];
        boolean[] fake = new boolean[200];
        Random random = new Random(5);
        for (int i = 0; i < logits.length; i++) {
            fake[i] = i % 2 == 0;
            double truth = fake[i] ? 1 : -1;
            logits[i] = 4 * (truth + random.nextGaussian());
        }
        PlattMap map = PlattMap.fit(logits, fake);
        assertTrue(map.a() > 0.4 && map.a() < 0.65, "the log-odds are half the logit here; slope " + map.a());
    }

    @Test
    void a_platt_map_calibrates_for_even_odds_not_for_the_sets_nine_fakes_to_one_original() {
        double[] logits = new double[100];
        boolean[] fake = new boolean[100];
        for (int i = 0; i < fake.length; i++) {
            fake[i] = i >= 10;
        }
        PlattMap map = PlattMap.fit(logits, fake);
        assertEquals(0.5, map.apply(0), 1e-6, "nothing tells these apart: even odds, not 0.9");
    }

    @Test
    void the_balanced_ece_weighs_each_class_half() {
        double[] p = new double[100];
        boolean[] fake = new boolean[100];
        for (int i = 0; i < p.length; i++) {
            p[i] = 0.5;
            fake[i] = i >= 10;
        }
        assertEquals(0.0, BalancedEce.of(p, fake), 1e-12, "half the weight fake, P 0.5: calibrated");
        p[0] = 0.05;
        fake[99] = false;
        // 11 originals weigh 100/22 each, 89 fakes 100/178: the original at 0.05 is 0.05 off in its bin,
        // the bin at 0.5 holds 50 of fake weight in 95.45, 0.0238 off; weighted by mass, 0.025 in all
        assertEquals(0.025, BalancedEce.of(p, fake), 1e-9);
    }
}
