package dev.loupe.eval.calibrate;

import dev.loupe.tool.forensic.qtables.TableCheck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The whole fitting procedure on a set of training items, itself cross-validated inside them so that
 * nothing it chooses has seen the items it is judged on: the penalty λ (by held-out log loss, classes balanced), the
 * calibration map, Platt or isotonic (on held-out logits, {@link MapChoice}), the weights (on all the training items), and the thresholds
 * with the evidence a verdict needs ({@code min_evidence}, when the graph file asks for any) (on held-out calibrated probabilities, with at
 * most 2% of the real items called fake and 15% abstention).
 * Re-saves with no pixel changed are not fitted on: the policy tells originals from forgeries of content.
 */
final class PolicyFitter {

    static final double[] LAMBDAS = {0.3, 1, 3, 10, 30, 100};

    /**
     * The min_evidence values tried (log-odds of the evidence, after the calibration map). Each is above 0,
     * so a verdict always rests on evidence, never on the prior alone.
     */
    static final double[] MIN_EVIDENCE = {0.25, 0.5, 0.75, 1.0, 1.5, 2.0};

    /** Abstention allowed when thresholds are chosen. */
    static final double MAX_ABSTENTION = 0.15;

    /** Share of camera originals that may be called fake when thresholds are chosen. */
    static final double MAX_FALSE_FLAG = 0.02;

    private final Map<String, Double> prior;
    private final java.util.Set<String> held;
    private final double minEvidence;
    private final java.util.Set<String> unweighed;
    private final java.util.Set<String> nonPositive;

    /** @param prior the graph file's weights, and its bias under "bias" */
    PolicyFitter(Map<String, Double> prior) {
        this(prior, java.util.Set.of());
    }

    /** @param held finding codes whose weights stay the graph file's (only rescaled by the Platt map) */
    PolicyFitter(Map<String, Double> prior, java.util.Set<String> held) {
        this(prior, held, 0, java.util.Set.of());
    }

    /**
     * @param minEvidence the graph file's {@code min_evidence}: above 0, the fit chooses the fitted policy's anew
     *                    ({@link #MIN_EVIDENCE}); 0, its verdicts need no evidence beyond the thresholds
     * @param unweighed   finding codes that get no weight at all (the file's history): never features, even
     *                    when a fold's table check gives them back
     */
    PolicyFitter(Map<String, Double> prior, java.util.Set<String> held, double minEvidence, java.util.Set<String> unweighed) {
        this(prior, held, minEvidence, unweighed, java.util.Set.of());
    }

    /** @param nonPositive finding codes whose weights may speak for real only (forger-controlled consistency) */
    PolicyFitter(Map<String, Double> prior, java.util.Set<String> held, double minEvidence, java.util.Set<String> unweighed,
                 java.util.Set<String> nonPositive) {
        this.nonPositive = java.util.Set.copyOf(nonPositive);
        this.prior = Map.copyOf(prior);
        // A verdict that needs evidence reads the bias as the odds of a file with no evidence: kept at the graph
        // file's (0: even odds, as the fit weighs both classes alike), so that what the data teaches goes
        // into the findings' weights and no always-seen finding trades places with the bias.
        this.held = minEvidence > 0 ? union(held, LogisticFit.BIAS) : java.util.Set.copyOf(held);
        this.minEvidence = minEvidence;
        this.unweighed = java.util.Set.copyOf(unweighed);
    }

    /** Fits on the items given, re-saves left out ({@link LabelledFindings#resave()}). */
    FittedPolicy fit(List<LabelledFindings> items) {
        List<LabelledFindings> raw = items.stream().filter(item -> !item.resave()).toList();
        List<LabelledFindings> train = FoldTables.against(raw, raw);
        List<String> features = features(train, unweighed);
        List<Integer> folds = train.stream().map(LabelledFindings::fold).distinct().sorted().toList();
        double bestLambda = LAMBDAS[0];
        double bestLoss = Double.POSITIVE_INFINITY;
        double[] bestLogits = null;
        boolean[] fake = new boolean[train.size()];
        for (int i = 0; i < fake.length; i++) {
            fake[i] = train.get(i).fake();
        }
        double[] balance = PlattMap.balanced(fake);
        for (double lambda : LAMBDAS) {
            double[] logits = heldOutLogits(train, features, folds, lambda);
            double loss = 0;
            for (int i = 0; i < logits.length; i++) {
                double p = Math.min(1 - 1e-9, Math.max(1e-9, LogisticFit.sigmoid(logits[i])));
                loss -= balance[i] * (fake[i] ? Math.log(p) : Math.log(1 - p));
            }
            if (loss < bestLoss) {
                bestLoss = loss;
                bestLambda = lambda;
                bestLogits = logits;
            }
        }
        int[] foldOfEach = train.stream().mapToInt(LabelledFindings::fold).toArray();
        MapChoice choice = MapChoice.of(bestLogits, fake, foldOfEach);
        ProbabilityMap map = choice.map();
        double[] w = LogisticFit.fit(train, features, prior, bestLambda, held, nonPositive);
        double slope = map instanceof PlattMap ? map.slope() : 1;
        Map<String, Double> weights = new LinkedHashMap<>();
        for (int j = 0; j < features.size(); j++) {
            weights.put(features.get(j), slope * w[j + 1]);
        }
        double[] calibrated = new double[bestLogits.length];
        for (int i = 0; i < calibrated.length; i++) {
            calibrated[i] = map.apply(bestLogits[i]);
        }
        // The bias is held at the prior's when a verdict needs evidence, so a held-out logit less that prior is
        // the item's evidence, scaled as the map scales the weights.
        double[] evidence = new double[bestLogits.length];
        for (int i = 0; i < evidence.length; i++) {
            evidence[i] = slope * (bestLogits[i] - prior.getOrDefault("bias", 0.0));
        }
        double[] thresholds = Thresholds.choose(calibrated, fake, MAX_ABSTENTION, MAX_FALSE_FLAG, evidence, needs());
        double bias = map instanceof PlattMap platt ? platt.a() * w[0] + platt.b() : w[0];
        return new FittedPolicy(bias, weights, thresholds[1], thresholds[0], bestLambda, choice, thresholds[2]);
    }

    /**
     * The values of min_evidence the thresholds are chosen with: {@link #MIN_EVIDENCE} when the graph file
     * asks for evidence at all (its own value is then what the last fit chose, not a bound, so a refit
     * can go either way); none (0) when it does not, as the file says.
     */
    private double[] needs() {
        return minEvidence > 0 ? MIN_EVIDENCE.clone() : new double[] {0};
    }

    /** Each item's logit from a fit on the other folds (items of a lone fold get the fit on all). */
    static double[] heldOutLogits(List<LabelledFindings> items, List<String> features, List<Integer> folds,
                                  double lambda, Map<String, Double> prior) {
        return heldOutLogits(items, features, folds, lambda, prior, java.util.Set.of());
    }

    static double[] heldOutLogits(List<LabelledFindings> items, List<String> features, List<Integer> folds,
                                  double lambda, Map<String, Double> prior, java.util.Set<String> held) {
        return heldOutLogits(items, features, folds, lambda, prior, held, java.util.Set.of());
    }

    static double[] heldOutLogits(List<LabelledFindings> items, List<String> features, List<Integer> folds,
                                  double lambda, Map<String, Double> prior, java.util.Set<String> held,
                                  java.util.Set<String> nonPositive) {
        double[] logits = new double[items.size()];
        for (int fold : folds) {
            List<LabelledFindings> train = new ArrayList<>();
            for (LabelledFindings item : items) {
                if (item.fold() != fold || folds.size() == 1) {
                    train.add(item);
                }
            }
            double[] w = LogisticFit.fit(FoldTables.against(train, train), features, prior, lambda, held, nonPositive);
            List<LabelledFindings> scored = FoldTables.against(train, items);
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).fold() == fold) {
                    logits[i] = LogisticFit.logit(w, scored.get(i), features);
                }
            }
        }
        return logits;
    }

    private double[] heldOutLogits(List<LabelledFindings> items, List<String> features, List<Integer> folds, double lambda) {
        return heldOutLogits(items, features, folds, lambda, prior, held, nonPositive);
    }

    /** The codes whose weights may speak for real only. */
    java.util.Set<String> nonPositive() {
        return nonPositive;
    }

    private static java.util.Set<String> union(java.util.Set<String> set, String more) {
        java.util.Set<String> all = new java.util.HashSet<>(set);
        all.add(more);
        return java.util.Set.copyOf(all);
    }

    /** The codes whose weights stay at their prior (the bias among them when a verdict needs evidence). */
    java.util.Set<String> held() {
        return held;
    }

    /** {@link #features(List)} but those of {@code unweighed}. */
    static List<String> features(List<LabelledFindings> items, java.util.Set<String> unweighed) {
        return features(items).stream().filter(code -> !unweighed.contains(code)).toList();
    }

    /** Every finding code the items report, and every table finding a fold's reference may give them, sorted. */
    static List<String> features(List<LabelledFindings> items) {
        TreeSet<String> codes = new TreeSet<>();
        items.forEach(item -> codes.addAll(item.codes()));
        if (items.stream().anyMatch(item -> item.tables() != null && item.findings().containsValue(LabelledFindings.TABLE_TOOL))) {
            codes.addAll(TableCheck.CODES);
        }
        return List.copyOf(codes);
    }
}
