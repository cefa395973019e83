package dev.loupe.eval.report;

import dev.loupe.eval.metrics.ConfusionMatrix;
import dev.loupe.eval.metrics.EvalMetrics;
import dev.loupe.eval.metrics.Rate;

import java.util.Locale;
import java.util.Map;

/** The few lines the terminal shows at the end of a run. */
public final class SummaryText {

    private static final int FAILED_SHOWN = 5;

    private SummaryText() {
    }

    public static String of(EvalMetrics m) {
        ConfusionMatrix c = m.confusion();
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "items %d, scored %d, errors %d%n", m.items(), m.scored(),
                m.errors().successes()));
        // The failed items by name, a few: the report lists them all (up to EvalMetrics.MAX_FAILURES).
        m.failures().stream().limit(FAILED_SHOWN).forEach(item -> text.append(String.format(Locale.ROOT, "  failed %s: %s%n",
                item.path(), item.error())));
        if (m.errors().successes() > FAILED_SHOWN) {
            text.append(String.format(Locale.ROOT, "  … and %d more failed (report.html)%n", m.errors().successes() - FAILED_SHOWN));
        }
        for (Map.Entry<String, Rate> field : m.fieldAccuracy().entrySet()) {
            line(text, "field " + field.getKey(), field.getValue());
        }
        if (!m.fieldAccuracy().isEmpty()) {
            line(text, "exact match", m.exactMatch());
        }
        m.boxes().forEach((label, s) -> text.append(String.format(Locale.ROOT,
                "  %-24s mIoU %s  P@0.5 %s  R@0.5 %s  (%d labelled, %d found)%n", "boxes " + label,
                Html.number(s.meanIou(), 3), Html.number(s.precision(), 3), Html.number(s.recall(), 3), s.labelled(), s.found())));
        m.fieldRanks().forEach((field, r) -> {
            line(text, "recall@1 " + field, r.recallAt1());
            line(text, "recall@3 " + field, r.recallAt3());
            text.append(String.format(Locale.ROOT, "  %-24s %.3f%n", "MRR " + field, r.mrr()));
        });
        if (c.total() == 0) {
            text.append(String.format(Locale.ROOT, "  %-24s p50 %s s, p95 %s s, p99 %s s%n", "latency",
                    Html.number(m.latency().p50(), 2), Html.number(m.latency().p95(), 2), Html.number(m.latency().p99(), 2)));
            return text.toString();
        }
        line(text, "accuracy", c.accuracy());
        line(text, "accuracy when answered", c.answeredAccuracy());
        line(text, "coverage", c.coverage());
        line(text, "fake-slip rate", c.fakeSlipRate());
        line(text, "false-flag rate", c.falseFlagRate());
        text.append(String.format(Locale.ROOT, "  %-24s %s   MCC %s   AUROC %s   ECE %s   Brier %s%n", "macro-F1",
                Html.number(c.macroF1(), 3), Html.number(c.mcc(), 3), Html.number(m.auroc(), 3),
                Html.number(m.calibration().expectedCalibrationError(), 3), Html.number(m.calibration().brier(), 3)));
        for (Map.Entry<String, Rate> category : m.categories().entrySet()) {
            line(text, "  " + category.getKey(), category.getValue());
        }
        if (m.content() != null) {
            text.append(ContentBarsText.of(m.content()));
        }
        text.append(String.format(Locale.ROOT, "  %-24s p50 %s s, p95 %s s, p99 %s s%n", "latency",
                Html.number(m.latency().p50(), 2), Html.number(m.latency().p95(), 2), Html.number(m.latency().p99(), 2)));
        return text.toString();
    }

    private static void line(StringBuilder text, String name, Rate r) {
        text.append(String.format(Locale.ROOT, "  %-24s %s%n", name, Html.rate(r)));
    }
}
