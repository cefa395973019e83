package dev.loupe.eval.calibrate;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The penalised logistic fit the policy and the per-tool table are made of. */
class LogisticFitTest {

    @Test
    void a_fit_whose_full_newton_step_overshoots_is_damped_to_the_minimum() {
        // Found by search: from these priors, with `a` kept at 0 or below and the bias nearly free, undamped
        // Newton steps run the bias off to -6000; the penalised minimum is near bias 0.985, b -1.169.
        int[][] real = {{1, 1}, {1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, 1}};
        int[][] fake = {{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 0}, {1, 1}};
        List<LabelledFindings> items = new ArrayList<>();
        add(items, real, false);
        add(items, fake, true);
        Map<String, Double> prior = Map.of("a", 0.6487081504067465, "b", -2.692731281309878);

        double[] w = LogisticFit.fit(items, List.of("a", "b"), prior, 0.3, Set.of(), Set.of("a"));

        assertEquals(0.985, w[0], 0.01, "bias");
        assertEquals(0.0, w[1], 1e-12, "a stays at 0, where its bound holds it");
        assertEquals(-1.169, w[2], 0.01, "b");
    }

    private static void add(List<LabelledFindings> items, int[][] rows, boolean fake) {
        for (int[] row : rows) {
            Map<String, String> findings = new HashMap<>();
            if (row[0] == 1) {
                findings.put("a", "tool_a");
            }
            if (row[1] == 1) {
                findings.put("b", "tool_b");
            }
            items.add(new LabelledFindings("item-" + items.size(), fake, items.size() % 2, "", findings));
        }
    }
}
