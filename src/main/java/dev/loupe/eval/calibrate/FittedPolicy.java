package dev.loupe.eval.calibrate;

import java.util.Map;

/**
 * A policy as the graph file states it, fitted: P(fake) = sigmoid(bias + Σ weight of each finding
 * seen), already calibrated (the Platt map is folded in), with the thresholds of the verdicts.
 *
 * @param bias          the prior, log-odds of fake
 * @param weights       weight per finding code
 * @param fakeThreshold {@code fake} at or above this P(fake)
 * @param realThreshold {@code real} at or below this P(fake)
 * @param lambda        the pull toward the reasoned weights that inner cross-validation chose
 * @param platt         the calibration map folded into bias and weights
 */
public record FittedPolicy(double bias, Map<String, Double> weights, double fakeThreshold, double realThreshold,
                           double lambda, PlattMap platt) {

    public FittedPolicy {
        weights = Map.copyOf(weights);
    }

    public double pFake(LabelledFindings item) {
        double sum = bias;
        for (String code : item.codes()) {
            sum += weights.getOrDefault(code, 0.0);
        }
        return LogisticFit.sigmoid(sum);
    }

    public String verdict(double pFake) {
        return pFake >= fakeThreshold ? "fake" : pFake <= realThreshold ? "real" : "uncertain";
    }
}
