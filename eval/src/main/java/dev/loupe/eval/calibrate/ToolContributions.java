package dev.loupe.eval.calibrate;

import dev.loupe.eval.metrics.Auroc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * What each tool adds, on held-out folds: the AUROC of a policy fitted on that tool's findings alone,
 * and how much the AUROC of the policy on every finding drops when that tool's findings are removed.
 * Each is a plain cross-validated fit (fixed penalty, no threshold or calibration step, which AUROC
 * does not see).
 *
 * @param all  held-out AUROC with every tool
 * @param rows one per tool, by tool name
 */
public record ToolContributions(double all, List<Row> rows) {

    static final double LAMBDA = 1.0;

    /**
     * @param tool     the tool
     * @param findings its weighed finding codes
     * @param alone    held-out AUROC of a fit on its findings alone (NaN when it has none weighed)
     * @param drop     how much the AUROC falls without it
     */
    public record Row(String tool, int findings, double alone, double drop) {
    }

    static ToolContributions of(List<LabelledFindings> items, Map<String, Double> prior) {
        return of(items, prior, java.util.Set.of());
    }

    /** As {@link #of(List, Map)}, the weights of {@code held} kept at their prior as the policy fit keeps them. */
    static ToolContributions of(List<LabelledFindings> items, Map<String, Double> prior, java.util.Set<String> held) {
        return of(items, prior, held, java.util.Set.of());
    }

    /** As {@link #of(List, Map, java.util.Set)}, the codes of {@code unweighed} (the file's history) never weighed. */
    static ToolContributions of(List<LabelledFindings> items, Map<String, Double> prior, java.util.Set<String> held,
                                java.util.Set<String> unweighed) {
        return of(items, prior, held, unweighed, java.util.Set.of());
    }

    /** As above, the weights of {@code nonPositive} kept at 0 or below as the policy fit keeps them. */
    static ToolContributions of(List<LabelledFindings> items, Map<String, Double> prior, java.util.Set<String> held,
                                java.util.Set<String> unweighed, java.util.Set<String> nonPositive) {
        return of(items, prior, held, unweighed, nonPositive, List.of());
    }

    /**
     * As above, with a row for every tool of {@code graphTools} too: a tool none of whose findings is
     * weighed (all of them the file's history, or none seen) has AUROC alone NaN and drops nothing.
     */
    static ToolContributions of(List<LabelledFindings> items, Map<String, Double> prior, java.util.Set<String> held,
                                java.util.Set<String> unweighed, java.util.Set<String> nonPositive, List<String> graphTools) {
        TreeSet<String> tools = new TreeSet<>(graphTools);
        items.forEach(item -> tools.addAll(item.findings().values()));
        Predicate<String> weighed = code -> !unweighed.contains(code);
        double all = auroc(items, weighed, prior, held, nonPositive);
        List<Row> rows = new ArrayList<>();
        for (String tool : tools) {
            Predicate<String> ofTool = code -> items.stream().anyMatch(i -> tool.equals(i.findings().get(code)));
            long codes = PolicyFitter.features(items, unweighed).stream().filter(ofTool).count();
            if (codes > 0) {
                rows.add(new Row(tool, (int) codes, auroc(items, ofTool.and(weighed), prior, held, nonPositive),
                        all - auroc(items, ofTool.negate().and(weighed), prior, held, nonPositive)));
            } else {
                rows.add(new Row(tool, 0, Double.NaN, 0));
            }
        }
        return new ToolContributions(all, rows);
    }

    private static double auroc(List<LabelledFindings> items, Predicate<String> keep, Map<String, Double> prior,
                                java.util.Set<String> held, java.util.Set<String> nonPositive) {
        List<String> features = PolicyFitter.features(items).stream().filter(keep).toList();
        List<Integer> folds = items.stream().map(LabelledFindings::fold).distinct().sorted().toList();
        double[] logits = PolicyFitter.heldOutLogits(items, features, folds, LAMBDA, prior, held, nonPositive);
        boolean[] fake = new boolean[items.size()];
        for (int i = 0; i < fake.length; i++) {
            fake[i] = items.get(i).fake();
        }
        return Auroc.of(logits, fake);
    }
}
