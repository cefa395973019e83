package dev.loupe.eval.calibrate;

import dev.loupe.eval.metrics.ContentBars;
import dev.loupe.eval.metrics.Rate;

import java.util.List;
import java.util.Locale;

/** A calibration report as Markdown, for people: what {@code loupe eval calibrate} prints and writes to calibration.md. */
final class CalibrationText {

    private CalibrationText() {
    }

    static String of(CalibrationReport report) {
        ContentBars f = report.figures();
        ContentBars w = report.written();
        HeldOut heldOut = report.heldOut();
        StringBuilder text = new StringBuilder();
        long resaves = heldOut.items().stream().filter(LabelledFindings::resave).count();
        text.append(String.format(Locale.ROOT, "Held-out folds (%d items, %d folds): every fitted figure below is from items the fit did "
                + "not see, the table findings checked against a reference of the other folds' originals.%n",
                heldOut.items().size(), heldOut.policies().size()));
        GraphPolicy graph = report.graph();
        text.append(graph.priorFittedBy() == null
                ? "Each fold's weights shrink toward the reasoned weights of " + graph.priorFrom() + ".\n"
                : "**Each fold's weights shrink toward " + graph.priorFrom() + ", whose weights were themselves fitted ("
                        + graph.priorFittedBy() + "): where that run shares items with this one, the held-out figures below "
                        + "are not held out. Pass --prior with reasoned weights (evaluation/calibration/forensic-reasoned.yaml).**\n");
        text.append(String.format(Locale.ROOT, "The graph file's policy as written is scored on the same items (it was not fitted to them). "
                + "Findings of the file's history (the graph file's history.processed) set the category and are not fitted. "
                + "The %d re-saves with no pixel changed (%s) are not fitted on and not in the targets: they have rows of their own.%n%n",
                resaves, LabelledFindings.RESAVE));
        text.append("| measure | graph file as written | fitted, held out | 95% interval (fitted) | target |\n|---|---|---|---|---|\n");
        List<ContentBars.Bar> writtenBars = w.bars();
        List<ContentBars.Bar> fittedBars = f.bars();
        for (int i = 0; i < fittedBars.size(); i++) {
            row(text, fittedBars.get(i).measure(), writtenBars.get(i).rate(), fittedBars.get(i).rate(), fittedBars.get(i).targetText());
        }
        text.append(String.format(Locale.ROOT, "| ECE of P(fake), 10 bins, classes balanced | %.3f [%.3f–%.3f] | %.3f | %.3f–%.3f "
                        + "(bootstrap over photos, %d resamples) | ≤ %.2f |%n", w.ece(), w.eceLow(), w.eceHigh(),
                f.ece(), f.eceLow(), f.eceHigh(), ContentBars.RESAMPLES, ContentBars.ECE_TARGET));
        text.append(String.format(Locale.ROOT, "| ECE on the set's own mix (%.0f%% fake) | %.3f | %.3f | | |%n",
                100 * f.fakesCaught().trials() / (double) f.accuracy().trials(), w.eceMix(), f.eceMix()));
        text.append(String.format(Locale.ROOT, "| AUROC of P(fake) | %.3f | %.3f | | |%n", w.auroc(), f.auroc()));
        if (resaves > 0) {
            row(text, "re-saves called real", w.resavesReal(), f.resavesReal(), "");
            row(text, "re-saves called uncertain", w.resavesUncertain(), f.resavesUncertain(), "");
            row(text, String.format(Locale.ROOT, "re-saves called real with confidence ≥ %.1f", ContentBars.SURE),
                    w.resavesSure(), f.resavesSure(), "0");
        }
        text.append("\n| content class (fitted, held out) | n | called fake | uncertain | called real |\n|---|---|---|---|---|\n");
        f.classes().forEach((c, v) -> text.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s |%n", c.label(),
                v.fake().trials(), share(v.fake()), share(v.uncertain()), share(v.real()))));
        text.append("\n| category | called fake | uncertain | called real |\n|---|---|---|---|\n");
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
        for (ToolContributions.Row row : report.tools().rows()) {
            text.append(row.findings() == 0
                    ? String.format(Locale.ROOT, "| %s | 0 | — (no weighed finding: history only, or none seen) | %+.3f |%n", row.tool(), row.drop())
                    : String.format(Locale.ROOT, "| %s | %d | %.3f | %+.3f |%n", row.tool(), row.findings(), row.alone(), row.drop()));
        }
        text.append(String.format(Locale.ROOT, "| (all tools) | | %.3f | |%n%n", report.tools().all()));
        FittedPolicy fitted = report.fitted();
        text.append(String.format(Locale.ROOT, "Fitted on every fold: bias %.3f, fake at P ≥ %.2f, real at P ≤ %.2f, λ %.1f, %s.%n",
                fitted.bias(), fitted.fakeThreshold(), fitted.realThreshold(), fitted.lambda(), describe(fitted.calibration())));
        return text.toString();
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

    private static void row(StringBuilder text, String what, Rate written, Rate fitted, String target) {
        text.append(String.format(Locale.ROOT, "| %s | %s | %s | %.1f–%.1f%% | %s |%n", what, share(written), share(fitted),
                100 * fitted.low(), 100 * fitted.high(), target));
    }

    private static String share(Rate rate) {
        return String.format(Locale.ROOT, "%d/%d = %.1f%%", rate.successes(), rate.trials(), 100 * rate.value());
    }
}
