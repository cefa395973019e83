package dev.loupe.eval.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.eval.metrics.ClassScores;
import dev.loupe.eval.metrics.ConfusionMatrix;
import dev.loupe.eval.metrics.EvalMetrics;
import dev.loupe.eval.metrics.FailedItem;
import dev.loupe.eval.metrics.Mistake;
import dev.loupe.eval.metrics.Rate;
import dev.loupe.eval.metrics.ToolStats;

import java.util.LinkedHashMap;
import java.util.Map;

import static dev.loupe.core.Markup.escape;
import static dev.loupe.eval.report.Html.number;

/**
 * {@code report.html}: one page, no scripts, no external files — the charts are inline SVG — so it
 * can be mailed, archived with the case file, and opened offline.
 */
final class ReportPage {

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:0;background:#f6f6f4;color:#222}
            main{max-width:1180px;margin:0 auto;padding:24px}
            h1{font-size:24px;margin:0 0 4px} h2{font-size:18px;margin:28px 0 10px}
            .sub{color:#666;margin:0 0 18px;font-size:13px}
            .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:10px}
            .card{background:#fff;border-radius:8px;padding:12px 14px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
            .card b{display:block;font-size:24px;margin:2px 0} .card span{color:#666;font-size:12px}
            .card.warn b{color:#d1495b}
            .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(470px,1fr));gap:14px}
            figure{background:#fff;border-radius:8px;margin:0;padding:12px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
            figcaption{font-weight:600;margin-bottom:6px} figure p{color:#666;font-size:12px;margin:6px 0 0}
            table{border-collapse:collapse;background:#fff;width:100%;font-size:13px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
            th,td{text-align:left;padding:6px 9px;border-bottom:1px solid #eee} th{background:#fafafa}
            td.n{text-align:right;font-variant-numeric:tabular-nums} code{font-size:12px}
            .real{color:#2b7bb9;font-weight:600} .fake{color:#d1495b;font-weight:600}
            details{margin-top:10px} pre{background:#fff;padding:10px;overflow:auto;font-size:12px}
            """;

    private ReportPage() {
    }

    static String html(EvalMetrics m, JsonNode run) {
        ConfusionMatrix c = m.confusion();
        StringBuilder page = new StringBuilder(64 * 1024);
        page.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Loupe evaluation ")
                .append(escape(run.path("run_id").asText())).append("</title><style>").append(STYLE)
                .append("</style></head><body><main>");
        page.append("<h1>Loupe evaluation · ").append(escape(run.path("run_id").asText())).append("</h1>");
        page.append("<p class=\"sub\">graph <b>").append(escape(run.path("graph").asText())).append("</b> · models ")
                .append(escape(models(run))).append(" · manifest <code>").append(escape(run.path("manifest").asText()))
                .append("</code> · ").append(m.items()).append(" items, ").append(m.errors().successes())
                .append(" errors · started ").append(escape(run.path("started").asText())).append(" · ended ")
                .append(escape(run.path("ended").asText("(unfinished)"))).append("</p>");
        if (!run.path("complete").asBoolean(false)) {
            page.append("<p class=\"sub\"><b>This run is unfinished</b>: the figures cover the items done so far. "
                    + "Finish it with <code>loupe eval --resume ").append(escape(run.path("run_id").asText()))
                    .append("</code>.</p>");
        }
        // A graph that gives no real/fake verdict (detect, describe) gets no verdict cards or charts:
        // empty ones would say "no items" about a question the run never asked.
        boolean verdicts = c.accuracy().trials() > 0;
        page.append("<div class=\"cards\">");
        if (verdicts) {
            verdictCards(page, m);
        }
        card(page, "errors", m.errors(), "failed analyses, not scored", true);
        plain(page, "latency p50 · p95", number(m.latency().p50(), 2) + " · " + number(m.latency().p95(), 2) + " s",
                "p99 " + number(m.latency().p99(), 2) + " s");
        plain(page, "tokens · cost per item", number(m.inputTokensPerItem() + m.outputTokensPerItem(), 0) + " · "
                + (Double.isNaN(m.costPerItem()) ? "–" : "$" + number(m.costPerItem(), 4)),
                m.costUnknown() > 0 ? m.costUnknown() + " items without a price" : "total $" + number(m.costTotal(), 4));
        page.append("</div>");
        if (verdicts) {
            page.append("<p class=\"sub\">Rates show the Wilson 95% interval in brackets and the counts. "
                    + "P(fake) is the result's own for ").append(m.pFakeFromResult()).append(" items and derived from the "
                    + "verdict for ").append(m.scored() - m.pFakeFromResult()).append(".</p>");
        }
        failures(page, m);
        if (!m.fieldAccuracy().isEmpty()) {
            figure(page, "Field accuracy", RateChart.svg(m.fieldAccuracy(), "Field accuracy", "#2b9a5a"),
                    "Answers equal to the manifest's column of the same name; exact match "
                            + Html.rate(m.exactMatch()) + ".");
        }
        BoxTable.append(page, m.boxes());
        RankTable.append(page, m.fieldRanks());
        if (verdicts) {
            verdictCharts(page, m);
        }
        page.append("<div class=\"grid\" style=\"margin-top:14px\">");
        if (verdicts) {
            figure(page, "Accuracy per category", RateChart.svg(m.categories(), "Accuracy per category", "#2b9a5a"),
                    "Whiskers: Wilson 95% intervals. Categories come from the manifest.");
        }
        Map<String, Rate> toolErrors = new LinkedHashMap<>();
        m.tools().forEach(t -> toolErrors.put(t.tool(), t.errorRate()));
        figure(page, "Tool error rates", RateChart.svg(toolErrors, "Tool error rates", Svg.FAKE),
                "Share of calls with status error (not_applicable is not an error).");
        page.append("</div>");
        page.append("<h2>Time</h2><div class=\"grid\">");
        figure(page, "Latency per item", HistogramChart.latency(m.latency()), "Wall-clock seconds per analysis.");
        figure(page, "Tool timings", ToolChart.svg(m.tools()), "Bars: mean seconds per call; orange: 95th percentile.");
        page.append("</div>");
        toolTable(page, m);
        if (verdicts) {
            mistakes(page, m, run.path("store").asText("memory"));
        }
        page.append("<details><summary>run.json</summary><pre>").append(escape(run.toPrettyString()))
                .append("</pre></details>");
        page.append("</main></body></html>\n");
        return page.toString();
    }

    private static void verdictCards(StringBuilder page, EvalMetrics m) {
        ConfusionMatrix c = m.confusion();
        card(page, "accuracy", c.accuracy(), "uncertain counts as wrong", false);
        card(page, "accuracy when answered", c.answeredAccuracy(), "real or fake verdicts only", false);
        card(page, "coverage", c.coverage(), "answered real or fake", false);
        card(page, "fake-slip rate", c.fakeSlipRate(), "fakes called real", true);
        card(page, "false-flag rate", c.falseFlagRate(), "originals called fake", true);
        plain(page, "macro-F1", number(c.macroF1(), 3), "real and fake F1, averaged");
        plain(page, "MCC", number(c.mcc(), 3), "Matthews, uncertain as a third verdict");
        plain(page, "AUROC of P(fake)", number(m.auroc(), 3), "ties count one half");
        plain(page, "ECE · Brier", number(m.calibration().expectedCalibrationError(), 3) + " · "
                + number(m.calibration().brier(), 3), "calibration of P(fake), 10 bins");
    }

    private static void verdictCharts(StringBuilder page, EvalMetrics m) {
        page.append("<h2>Verdicts</h2><div class=\"grid\">");
        figure(page, "Confusion matrix", ConfusionChart.svg(m.confusion()), "Failed analyses are not in the matrix.");
        figure(page, "Reliability of P(fake)", ReliabilityChart.svg(m.calibration()),
                "Bars: share of fakes per P(fake) bin; dots at the bin's mean P(fake); dashed: perfect calibration.");
        figure(page, "Confidence by expected class", HistogramChart.byClass(m.confidenceByClass(),
                "Confidence by expected class", "stated confidence"), "The confidence the result states in its verdict.");
        figure(page, "P(fake) by expected class", HistogramChart.byClass(m.pFakeByClass(),
                "P(fake) by expected class", "P(fake)"), "Good separation: blue on the left, red on the right.");
        page.append("</div>");
        page.append("<h2>Per class and per category</h2>");
        classTable(page, m);
    }

    /** The items whose analysis failed, by name, with why: the count alone does not say which to look at. */
    private static void failures(StringBuilder page, EvalMetrics m) {
        if (m.failures().isEmpty()) {
            return;
        }
        page.append("<h2>Failed items</h2><table><tr><th>#</th><th>image</th><th>error</th><th>thread</th></tr>");
        for (FailedItem item : m.failures()) {
            page.append("<tr><td class=\"n\">").append(item.index()).append("</td><td><code>").append(escape(item.path()))
                    .append("</code></td><td>").append(escape(item.error())).append("</td><td><code>")
                    .append(escape(String.valueOf(item.threadId()))).append("</code></td></tr>");
        }
        page.append("</table>");
        if (m.errors().successes() > m.failures().size()) {
            page.append("<p class=\"sub\">The first ").append(m.failures().size()).append(" of ")
                    .append(m.errors().successes()).append(" failed items; results.jsonl has every one.</p>");
        }
    }

    private static String models(JsonNode run) {
        JsonNode models = run.path("fingerprint").path("models");
        if (!models.isObject() || models.isEmpty()) {
            return run.path("model").asText("graph file");
        }
        StringBuilder text = new StringBuilder();
        models.fields().forEachRemaining(e -> text.append(text.length() == 0 ? "" : ", ").append(e.getKey())
                .append(' ').append(e.getValue().asText()));
        return text.toString();
    }

    private static void card(StringBuilder page, String name, Rate r, String note, boolean warnWhenHigh) {
        boolean warn = warnWhenHigh && r.defined() && r.value() > 0.1;
        page.append("<div class=\"card").append(warn ? " warn" : "").append("\"><span>").append(escape(name))
                .append("</span><b>").append(Html.percent(r.value())).append("</b><span>")
                .append(r.defined() ? "[" + Html.percent(r.low()) + " – " + Html.percent(r.high()) + "] " + r.successes()
                        + "/" + r.trials() : "no items")
                .append("<br>").append(escape(note)).append("</span></div>");
    }

    private static void plain(StringBuilder page, String name, String value, String note) {
        page.append("<div class=\"card\"><span>").append(escape(name)).append("</span><b>").append(escape(value))
                .append("</b><span>").append(escape(note)).append("</span></div>");
    }

    private static void figure(StringBuilder page, String caption, String svg, String note) {
        page.append("<figure><figcaption>").append(escape(caption)).append("</figcaption>").append(svg)
                .append("<p>").append(escape(note)).append("</p></figure>");
    }

    private static void classTable(StringBuilder page, EvalMetrics m) {
        page.append("<table><tr><th>class</th><th>precision</th><th>recall</th><th>F1</th></tr>");
        for (ClassScores s : m.classes().values()) {
            page.append("<tr><td class=\"").append(s.label()).append("\">").append(s.label()).append("</td><td>")
                    .append(Html.rate(s.precision())).append("</td><td>").append(Html.rate(s.recall()))
                    .append("</td><td class=\"n\">").append(number(s.f1(), 3)).append("</td></tr>");
        }
        page.append("</table>");
    }

    private static void toolTable(StringBuilder page, EvalMetrics m) {
        page.append("<h2>Tools</h2><table><tr><th>tool</th><th>calls</th><th>error rate</th><th>mean s</th>"
                + "<th>p95 s</th></tr>");
        for (ToolStats t : m.tools()) {
            page.append("<tr><td>").append(escape(t.tool())).append("</td><td class=\"n\">").append(t.calls())
                    .append("</td><td>").append(Html.rate(t.errorRate())).append("</td><td class=\"n\">")
                    .append(number(t.meanSeconds(), 3)).append("</td><td class=\"n\">").append(number(t.p95Seconds(), 3))
                    .append("</td></tr>");
        }
        page.append("</table>");
        if (!m.flags().isEmpty()) {
            page.append("<p class=\"sub\">Flags raised: ");
            m.flags().forEach((flag, count) -> page.append(escape(flag)).append(" × ").append(count).append("; "));
            page.append("</p>");
        }
    }

    private static void mistakes(StringBuilder page, EvalMetrics m, String store) {
        page.append("<h2>Most confident mistakes</h2>");
        boolean kept = !store.equals("memory");
        page.append("<p class=\"sub\">").append(kept ? "Each analysis is a thread in the store <code>" + escape(store)
                + "</code>; the command beside it shows the evidence, the tool outputs and the checkpoints."
                : "This run kept its threads in memory only; run with <code>--store FILE</code> to be able to open them.")
                .append("</p>");
        String storeOption = kept ? " --store " + store : "";
        if (m.worstMistakes().isEmpty()) {
            page.append("<p class=\"sub\">No image was called the opposite of its label.</p>");
            return;
        }
        page.append("<table><tr><th>#</th><th>image</th><th>category</th><th>expected</th><th>verdict</th>"
                + "<th>confidence</th><th>P(fake)</th><th>open the analysis</th></tr>");
        for (Mistake x : m.worstMistakes()) {
            page.append("<tr><td class=\"n\">").append(x.index()).append("</td><td><code>").append(escape(x.path()))
                    .append("</code></td><td>").append(escape(x.category())).append("</td><td class=\"")
                    .append(escape(x.expected())).append("\">").append(escape(x.expected())).append("</td><td class=\"")
                    .append(escape(x.verdict())).append("\">").append(escape(x.verdict())).append("</td><td class=\"n\">")
                    .append(number(x.confidence(), 3)).append("</td><td class=\"n\">").append(number(x.pFake(), 3))
                    .append("</td><td><code>loupe threads show ").append(escape(x.threadId() + storeOption)).append("</code></td></tr>");
        }
        page.append("</table>");
    }
}
