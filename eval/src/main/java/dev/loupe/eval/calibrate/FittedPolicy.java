package dev.loupe.eval.calibrate;

import java.util.Map;
import java.util.Set;

/**
 * A policy as the graph file states it, fitted: P(fake) = map(bias + Σ weight of each finding seen),
 * calibrated, with the thresholds of the verdicts. A Platt map is folded into the bias and weights (the
 * map is then the plain sigmoid); an isotonic map is applied after them, and the graph file carries it.
 *
 * @param bias          the prior, log-odds of fake
 * @param weights       weight per finding code
 * @param fakeThreshold {@code fake} at or above this P(fake)
 * @param realThreshold {@code real} at or below this P(fake)
 * @param lambda        the pull toward the reasoned weights that inner cross-validation chose
 * @param calibration   the calibration map and how each kind scored held out
 * @param minEvidence   the log-odds the weights seen must add up to for a verdict (chosen with the thresholds
 *                      when the graph file asks for any): less gives {@code uncertain}
 */
public record FittedPolicy(double bias, Map<String, Double> weights, double fakeThreshold, double realThreshold,
                           double lambda, MapChoice calibration, double minEvidence) {

    public FittedPolicy {
        weights = Map.copyOf(weights);
    }

    /** A policy whose verdicts need no evidence beyond the thresholds. */
    public FittedPolicy(double bias, Map<String, Double> weights, double fakeThreshold, double realThreshold,
                        double lambda, MapChoice calibration) {
        this(bias, weights, fakeThreshold, realThreshold, lambda, calibration, 0);
    }

    public double pFake(LabelledFindings item) {
        return probability(bias + weighed(item, Set.of()));
    }

    /** P(fake) with the findings of {@code left} that pull toward real left out (RealConfidence's second figure). */
    public double pFakeWithout(LabelledFindings item, Set<String> left) {
        return probability(bias + weighed(item, left));
    }

    /** The log-odds of the item's findings, without the prior and without those of {@code left} that pull toward real. */
    double weighed(LabelledFindings item, Set<String> left) {
        double sum = 0;
        for (String code : item.codes()) {
            double w = weights.getOrDefault(code, 0.0);
            sum += w < 0 && left.contains(code) ? 0 : w;
        }
        return sum;
    }

    /** P(fake) for log-odds after the bias and weights: the isotonic map's, else the sigmoid (Platt is folded in). */
    double probability(double logit) {
        return calibration.map() instanceof IsotonicMap isotonic ? isotonic.apply(logit) : LogisticFit.sigmoid(logit);
    }

    /** The isotonic map the graph file must carry, or null when the calibration is folded into the numbers. */
    public IsotonicMap isotonic() {
        return calibration.map() instanceof IsotonicMap isotonic ? isotonic : null;
    }

    public String verdict(double pFake) {
        return pFake >= fakeThreshold ? "fake" : pFake <= realThreshold ? "real" : "uncertain";
    }

    /** The item's verdict as the offline policy gives it: the thresholds, and enough evidence for either side. */
    public String verdict(LabelledFindings item) {
        double p = pFake(item);
        double e = weighed(item, Set.of());
        return p >= fakeThreshold && e >= minEvidence ? "fake" : p <= realThreshold && e <= -minEvidence ? "real" : "uncertain";
    }
}
