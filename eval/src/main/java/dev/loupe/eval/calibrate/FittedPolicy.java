package dev.loupe.eval.calibrate;

import java.util.Map;

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
 */
public record FittedPolicy(double bias, Map<String, Double> weights, double fakeThreshold, double realThreshold,
                           double lambda, MapChoice calibration) {

    public FittedPolicy {
        weights = Map.copyOf(weights);
    }

    public double pFake(LabelledFindings item) {
        double sum = bias;
        for (String code : item.codes()) {
            sum += weights.getOrDefault(code, 0.0);
        }
        return probability(sum);
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
}
