package dev.loupe.eval.calibrate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.eval.metrics.Rate;
import dev.loupe.model.offline.RealConfidence;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The calibration's results for people ({@link #text()}, Markdown) and for machines ({@link #json()}):
 * the held-out figures against the targets, the per-category catch rates, the per-tool table,
 * and the policy fitted on every fold.
 */
public record CalibrationReport(CalibrationFigures figures, ToolContributions tools, HeldOut heldOut, FittedPolicy fitted) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs the whole procedure on the items: outer cross-validation, the per-tool table, the final fit. */
    public static CalibrationReport of(List<LabelledFindings> items, Map<String, Double> prior) {
        return of(items, prior, java.util.Set.of());
    }

    /** As {@link #of(List, Map)}, keeping the weights of {@code held} at the graph file's. */
    public static CalibrationReport of(List<LabelledFindings> items, Map<String, Double> prior, java.util.Set<String> held) {
        return of(items, prior, held, RealConfidence.NONE);
    }

    /** As {@link #of(List, Map, java.util.Set)}, the confidence in {@code real} bounded as the graph file bounds it. */
    public static CalibrationReport of(List<LabelledFindings> items, Map<String, Double> prior, java.util.Set<String> held,
                                       RealConfidence realConfidence) {
        PolicyFitter fitter = new PolicyFitter(prior, held);
        HeldOut heldOut = HeldOut.of(items, fitter);
        List<LabelledFindings> content = items.stream().filter(item -> !item.resave()).toList();
        return new CalibrationReport(CalibrationFigures.of(heldOut, realConfidence), ToolContributions.of(content, prior, held),
                heldOut, fitter.fit(items));
    }

    public String text() {
        CalibrationFigures f = figures;
        StringBuilder text = new StringBuilder();
        long resaves = heldOut.items().stream().filter(LabelledFindings::resave).count();
        text.append(String.format(Locale.ROOT, "Held-out folds (%d items, %d folds); every figure below is from items the fit did not see.%n",
                heldOut.items().size(), heldOut.policies().size()));
        text.append(String.format(Locale.ROOT, "The %d re-saves with no pixel changed (%s) are not fitted on and not in the targets: "
                + "they are reported on their own below the table.%n%n", resaves, LabelledFindings.RESAVE));
        text.append("| measure | held out | 95% interval | target |\n|---|---|---|---|\n");
        row(text, "careful forgeries called fake", f.carefulCaught(), "≥ 90%");
        row(text, "all fakes called fake", f.fakesCaught(), "");
        row(text, "camera originals called fake", f.originalsFlagged(), "≤ 2%");
        row(text, "uncertain (abstention)", f.abstention(), "≤ 10%");
        row(text, "accuracy", f.accuracy(), "");
        text.append(String.format(Locale.ROOT, "| ECE of P(fake), 10 bins, classes balanced | %.3f | %.3f–%.3f (bootstrap over photos, %d resamples) | ≤ 0.05 |%n",
                f.ece(), f.eceLow(), f.eceHigh(), CalibrationFigures.RESAMPLES));
        text.append(String.format(Locale.ROOT, "| ECE on the set's own mix (%.0f%% fake) | %.3f | | |%n",
                100 * f.fakesCaught().trials() / (double) f.accuracy().trials(), f.eceMix()));
        text.append(String.format(Locale.ROOT, "| AUROC of P(fake) | %.3f | | |%n", f.auroc()));
        row(text, "re-saves called real", f.resavesReal(), "");
        row(text, "re-saves called uncertain", f.resavesUncertain(), "");
        row(text, String.format(Locale.ROOT, "re-saves called real with confidence ≥ %.1f", CalibrationFigures.SURE),
                f.resavesSure(), "0");
        text.append('\n');
        text.append("| category | called fake | uncertain | called real |\n|---|---|---|---|\n");
        heldOut.items().stream().map(LabelledFindings::category).distinct().sorted().forEach(category -> {
            int[] counts = new int[3];
            for (int i = 0; i < heldOut.items().size(); i++) {
                if (heldOut.items().get(i).category().equals(category)) {
                    counts["fake".equals(heldOut.verdicts()[i]) ? 0 : "uncertain".equals(heldOut.verdicts()[i]) ? 1 : 2]++;
                }
            }
            text.append(String.format(Locale.ROOT, "| %s | %d | %d | %d |%n", category, counts[0], counts[1], counts[2]));
        });
        text.append(String.format(Locale.ROOT, "%n| tool | findings seen | AUROC alone | AUROC drop without it |%n|---|---|---|---|%n"));
        for (ToolContributions.Row row : tools.rows()) {
            text.append(String.format(Locale.ROOT, "| %s | %d | %.3f | %+.3f |%n", row.tool(), row.findings(), row.alone(), row.drop()));
        }
        text.append(String.format(Locale.ROOT, "| (all tools) | | %.3f | |%n%n", tools.all()));
        text.append(String.format(Locale.ROOT, "Fitted on every fold: bias %.3f, fake at P ≥ %.2f, real at P ≤ %.2f, λ %.1f, %s.%n",
                fitted.bias(), fitted.fakeThreshold(), fitted.realThreshold(), fitted.lambda(), describe(fitted.calibration())));
        return text.toString();
    }

    public ObjectNode json() {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode held = root.putObject("held_out");
        held.put("items", heldOut.items().size()).put("folds", heldOut.policies().size());
        rate(held, "careful_caught", figures.carefulCaught());
        rate(held, "fakes_caught", figures.fakesCaught());
        rate(held, "originals_called_fake", figures.originalsFlagged());
        rate(held, "abstention", figures.abstention());
        rate(held, "accuracy", figures.accuracy());
        held.putObject("ece").put("value", figures.ece()).put("classes", "balanced")
                .put("on_the_set_mix", figures.eceMix()).put("low", figures.eceLow()).put("high", figures.eceHigh())
                .put("resamples", CalibrationFigures.RESAMPLES).put("resampled", "photos").put("seed", CalibrationFigures.SEED);
        held.put("auroc", figures.auroc());
        rate(held, "resaves_called_real", figures.resavesReal());
        rate(held, "resaves_called_uncertain", figures.resavesUncertain());
        rate(held, "resaves_called_real_with_high_confidence", figures.resavesSure());
        ArrayNode items = held.putArray("items_scored");
        for (int i = 0; i < heldOut.items().size(); i++) {
            LabelledFindings item = heldOut.items().get(i);
            items.addObject().put("id", item.id()).put("fold", item.fold()).put("category", item.category())
                    .put("expected", item.fake() ? "fake" : "real").put("p_fake", heldOut.pFake()[i])
                    .put("verdict", heldOut.verdicts()[i]);
        }
        ArrayNode table = root.putObject("tools").put("auroc_all", tools.all()).putArray("rows");
        tools.rows().forEach(r -> table.addObject().put("tool", r.tool()).put("findings", r.findings())
                .put("auroc_alone", r.alone()).put("auroc_drop_without", r.drop()));
        ObjectNode policy = root.putObject("fitted_policy");
        policy.put("bias", fitted.bias()).put("fake_threshold", fitted.fakeThreshold())
                .put("real_threshold", fitted.realThreshold()).put("lambda", fitted.lambda());
        ObjectNode map = policy.putObject("calibration").put("kind", fitted.calibration().map().kind())
                .put("held_out_brier_platt", fitted.calibration().platt())
                .put("held_out_brier_isotonic", fitted.calibration().isotonic());
        if (fitted.calibration().map() instanceof PlattMap platt) {
            map.put("a", platt.a()).put("b", platt.b());
        } else if (fitted.calibration().map() instanceof IsotonicMap isotonic) {
            ArrayNode logits = map.putArray("logits");
            ArrayNode p = map.putArray("p_fake");
            for (int i = 0; i < isotonic.curve().logits().length; i++) {
                logits.add(isotonic.curve().logits()[i]);
                p.add(isotonic.curve().pFake()[i]);
            }
        }
        ObjectNode weights = policy.putObject("weights");
        fitted.weights().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> weights.put(e.getKey(), e.getValue()));
        return root;
    }

    private static String describe(MapChoice choice) {
        String scores = String.format(Locale.ROOT, "held-out Brier score, classes balanced: Platt %.4f, isotonic %.4f",
                choice.platt(), choice.isotonic());
        if (choice.map() instanceof PlattMap platt) {
            return String.format(Locale.ROOT, "calibrated by a Platt map (slope %.3f, intercept %.3f, folded into the numbers; %s)",
                    platt.a(), platt.b(), scores);
        }
        return String.format(Locale.ROOT, "calibrated by an isotonic map of %d points (%s)",
                ((IsotonicMap) choice.map()).curve().logits().length, scores);
    }

    private static void row(StringBuilder text, String what, Rate rate, String target) {
        text.append(String.format(Locale.ROOT, "| %s | %d/%d = %.1f%% | %.1f–%.1f%% | %s |%n", what, rate.successes(),
                rate.trials(), 100 * rate.value(), 100 * rate.low(), 100 * rate.high(), target));
    }

    private static void rate(ObjectNode node, String name, Rate rate) {
        node.putObject(name).put("count", rate.successes()).put("of", rate.trials()).put("value", rate.value())
                .put("low", rate.low()).put("high", rate.high());
    }
}
