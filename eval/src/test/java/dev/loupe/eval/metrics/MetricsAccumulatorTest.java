package dev.loupe.eval.metrics;

import dev.loupe.eval.Results;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MetricsAccumulatorTest {

    private static EvalMetrics fiveItems() {
        MetricsAccumulator accumulator = new MetricsAccumulator();
        accumulator.add(Results.answered(0, "real", "real", 0.9, 0.1, "camera_original", 1.0));
        accumulator.add(Results.answered(1, "fake", "real", 0.7, null, "edited", 2.0));
        accumulator.add(Results.answered(2, "fake", "fake", 0.8, 0.8, "edited", 3.0));
        accumulator.add(Results.answered(3, "real", "uncertain", 0.5, null, "camera_original", 4.0));
        accumulator.add(Results.failed(4, "fake"));
        return accumulator.result();
    }

    @Test
    void a_failed_item_is_counted_as_an_error_and_nowhere_else() {
        EvalMetrics m = fiveItems();
        assertEquals(5, m.items());
        assertEquals(1, m.errors().successes());
        assertEquals(4, m.scored());
        assertEquals(2, m.confusion().correct());
    }

    @Test
    void per_category_accuracy_groups_by_the_manifest_category() {
        EvalMetrics m = fiveItems();
        assertEquals(List.of("camera_original", "edited"), List.copyOf(m.categories().keySet()));
        assertEquals(1, m.categories().get("edited").successes());
        assertEquals(2, m.categories().get("edited").trials());
    }

    @Test
    void p_fake_is_derived_from_the_verdict_when_the_result_has_none() {
        EvalMetrics m = fiveItems();
        assertEquals(2, m.pFakeFromResult());
        // P(fake): 0.1 (real), 1 − 0.7 = 0.3 (fake called real), 0.8 (fake), 0.5 (uncertain, real)
        double brier = (0.01 + 0.49 + 0.04 + 0.25) / 4;
        assertEquals(brier, m.calibration().brier(), 1e-12);
        // fakes 0.3 and 0.8 against reals 0.1 and 0.5: 0.3 > 0.1, 0.8 > both: 3 of 4
        assertEquals(0.75, m.auroc(), 1e-12);
    }

    @Test
    void latency_includes_failed_items_and_tool_error_rates_are_per_tool() {
        EvalMetrics m = fiveItems();
        assertEquals(5, m.latency().count());
        // 0.01 (the failed item), 1, 2, 3, 4: the median is the third
        assertEquals(2.0, m.latency().p50());
        assertEquals(4.0, m.latency().p99());
        ToolStats jpeg = m.tools().stream().filter(t -> t.tool().equals("jpeg")).findFirst().orElseThrow();
        assertEquals(4, jpeg.calls());
        assertEquals(2, jpeg.errorRate().successes());
        assertEquals(0.3, jpeg.meanSeconds(), 1e-12);
    }

    @Test
    void tokens_and_cost_are_averaged_over_scored_items() {
        EvalMetrics m = fiveItems();
        assertEquals(100.0, m.inputTokensPerItem(), 1e-12);
        assertEquals(20.0, m.outputTokensPerItem(), 1e-12);
        assertEquals(0.001, m.costPerItem(), 1e-12);
        assertEquals(0.004, m.costTotal(), 1e-12);
    }

    @Test
    void worst_mistakes_are_the_confident_wrong_answers_most_confident_first() {
        MetricsAccumulator accumulator = new MetricsAccumulator();
        for (int i = 0; i < 15; i++) {
            accumulator.add(Results.answered(i, "fake", "real", 0.5 + i / 100.0, null, "edited", 1.0));
        }
        accumulator.add(Results.answered(15, "fake", "uncertain", 0.99, null, "edited", 1.0));
        List<Mistake> worst = accumulator.result().worstMistakes();
        assertEquals(MetricsAccumulator.WORST, worst.size());
        assertEquals(14, worst.get(0).index());
        assertEquals(5, worst.get(9).index());
        assertEquals("run-14", worst.get(0).threadId());
    }
}
