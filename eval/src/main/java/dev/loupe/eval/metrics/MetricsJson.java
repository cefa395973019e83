package dev.loupe.eval.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

/** {@link EvalMetrics} as the JSON of {@code metrics.json}; undefined figures (NaN) are null. */
public final class MetricsJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private MetricsJson() {
    }

    public static ObjectNode of(EvalMetrics m) {
        ObjectNode node = JSON.createObjectNode();
        node.put("items", m.items());
        node.put("scored", m.scored());
        node.set("errors", rate(m.errors()));
        if (!m.fieldAccuracy().isEmpty()) {
            ObjectNode fields = node.putObject("field_accuracy");
            m.fieldAccuracy().forEach((field, r) -> fields.set(field, rate(r)));
            node.set("exact_match", rate(m.exactMatch()));
        }
        if (!m.boxes().isEmpty()) {
            ObjectNode boxes = node.putObject("boxes");
            m.boxes().forEach((label, s) -> {
                ObjectNode scores = boxes.putObject(label);
                scores.put("labelled", s.labelled()).put("found", s.found()).put("hits_at_iou_0_5", s.hits());
                number(scores, "mean_iou", s.meanIou());
                number(scores, "matched_iou", s.meanMatchedIou());
                number(scores, "precision_at_iou_0_5", s.precision());
                number(scores, "recall_at_iou_0_5", s.recall());
            });
        }
        if (!m.fieldRanks().isEmpty()) {
            ObjectNode ranks = node.putObject("field_ranks");
            m.fieldRanks().forEach((field, r) -> {
                ObjectNode one = ranks.putObject(field);
                one.set("recall_at_1", rate(r.recallAt1()));
                one.set("recall_at_3", rate(r.recallAt3()));
                number(one, "mrr", r.mrr());
            });
        }
        if (m.content() != null) {
            node.set("content_bars", m.content().json());
        }
        ConfusionMatrix c = m.confusion();
        node.set("accuracy", rate(c.accuracy()));
        node.set("answered_accuracy", rate(c.answeredAccuracy()));
        node.set("coverage", rate(c.coverage()));
        ObjectNode classes = node.putObject("classes");
        m.classes().forEach((label, s) -> {
            ObjectNode cls = classes.putObject(label);
            cls.set("precision", rate(s.precision()));
            cls.set("recall", rate(s.recall()));
            number(cls, "f1", s.f1());
        });
        number(node, "macro_f1", c.macroF1());
        number(node, "mcc", c.mcc());
        ObjectNode confusion = node.putObject("confusion");
        confusion.put("_layout", "expected → verdict → count");
        for (String expected : ConfusionMatrix.EXPECTED) {
            ObjectNode row = confusion.putObject(expected);
            for (String verdict : ConfusionMatrix.PREDICTED) {
                row.put(verdict, c.count(expected, verdict));
            }
        }
        node.set("fake_slip_rate", rate(c.fakeSlipRate()));
        node.set("false_flag_rate", rate(c.falseFlagRate()));
        ObjectNode categories = node.putObject("category_accuracy");
        m.categories().forEach((name, r) -> categories.set(name, rate(r)));
        ObjectNode calibration = node.putObject("calibration");
        number(calibration, "ece", m.calibration().expectedCalibrationError());
        number(calibration, "brier", m.calibration().brier());
        ArrayNode bins = calibration.putArray("bins");
        for (Calibration.Bin bin : m.calibration().bins()) {
            ObjectNode b = bins.addObject().put("low", bin.low()).put("high", bin.high()).put("count", bin.count());
            number(b, "mean_p_fake", bin.meanProbability());
            number(b, "fraction_fake", bin.fractionFake());
        }
        number(node, "auroc", m.auroc());
        node.put("p_fake_from_result", m.pFakeFromResult());
        node.put("p_fake_derived", m.scored() - m.pFakeFromResult());
        node.set("confidence_histograms", histograms(m.confidenceByClass()));
        node.set("p_fake_histograms", histograms(m.pFakeByClass()));
        Latency l = m.latency();
        ObjectNode latency = node.putObject("latency_seconds");
        latency.put("count", l.count());
        number(latency, "p50", l.p50());
        number(latency, "p95", l.p95());
        number(latency, "p99", l.p99());
        number(latency, "mean", l.mean());
        number(latency, "max", l.max());
        latency.set("histogram", histogram(l.histogram()));
        ObjectNode perItem = node.putObject("per_item");
        number(perItem, "input_tokens", m.inputTokensPerItem());
        number(perItem, "output_tokens", m.outputTokensPerItem());
        number(perItem, "cost", m.costPerItem());
        node.put("cost_total", m.costTotal());
        node.put("cost_unknown_items", m.costUnknown());
        ObjectNode tools = node.putObject("tools");
        for (ToolStats t : m.tools()) {
            ObjectNode tool = tools.putObject(t.tool());
            tool.put("calls", t.calls());
            tool.set("error_rate", rate(t.errorRate()));
            number(tool, "mean_seconds", t.meanSeconds());
            number(tool, "p95_seconds", t.p95Seconds());
        }
        ObjectNode flags = node.putObject("flags");
        m.flags().forEach(flags::put);
        ArrayNode worst = node.putArray("worst_mistakes");
        for (Mistake x : m.worstMistakes()) {
            ObjectNode w = worst.addObject().put("index", x.index()).put("id", x.id()).put("path", x.path())
                    .put("expected", x.expected()).put("verdict", x.verdict());
            number(w, "confidence", x.confidence());
            number(w, "p_fake", x.pFake());
            w.put("category", x.category()).put("thread_id", x.threadId());
        }
        return node;
    }

    /** A rate as {value, low, high, successes, trials}. */
    public static ObjectNode rate(Rate r) {
        ObjectNode node = JSON.createObjectNode();
        number(node, "value", r.value());
        node.put("low", r.low());
        node.put("high", r.high());
        node.put("successes", r.successes());
        node.put("trials", r.trials());
        return node;
    }

    private static ObjectNode histograms(Map<String, Histogram> byClass) {
        ObjectNode node = JSON.createObjectNode();
        byClass.forEach((label, h) -> node.set(label, histogram(h)));
        return node;
    }

    private static ObjectNode histogram(Histogram h) {
        ObjectNode node = JSON.createObjectNode().put("low", h.low()).put("high", h.high());
        ArrayNode counts = node.putArray("counts");
        for (long count : h.counts()) {
            counts.add(count);
        }
        return node;
    }

    private static void number(ObjectNode node, String field, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(field);
        } else {
            node.put(field, Math.round(value * 1e6) / 1e6);
        }
    }
}
