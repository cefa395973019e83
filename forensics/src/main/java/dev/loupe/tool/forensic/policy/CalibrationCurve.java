package dev.loupe.tool.forensic.policy;

import dev.loupe.core.LoupeException;

import java.util.List;

/**
 * A calibration map the graph file carries as points: P(fake) from the policy's log-odds, straight
 * lines between the points and flat beyond the ends ({@code loupe eval calibrate} writes it when an
 * isotonic map predicts held-out labels better than a Platt map, which needs no points because it folds
 * into the weights).
 *
 * @param logits the points' log-odds, strictly increasing
 * @param pFake  the points' P(fake), within [0, 1] and never decreasing
 */
public record CalibrationCurve(double[] logits, double[] pFake) {

    public CalibrationCurve {
        if (logits.length == 0 || logits.length != pFake.length) {
            throw LoupeException.badInput("policy: calibration needs as many p_fake values as logits, and at least one ("
                    + logits.length + " logits, " + pFake.length + " p_fake)");
        }
        for (int i = 0; i < logits.length; i++) {
            if (!(pFake[i] >= 0 && pFake[i] <= 1) || i > 0 && (logits[i] <= logits[i - 1] || pFake[i] < pFake[i - 1])) {
                throw LoupeException.badInput("policy: calibration's logits must increase and its p_fake stay within [0, 1] "
                        + "without decreasing; point " + (i + 1) + " (" + logits[i] + ", " + pFake[i] + ") breaks that");
            }
        }
        logits = logits.clone();
        pFake = pFake.clone();
    }

    /** The curve a policy's {@code calibration:} block states, or null when it has none. */
    public static CalibrationCurve fromConfig(Object block) {
        if (block == null) {
            return null;
        }
        if (!(block instanceof java.util.Map<?, ?> map) || !(map.get("logits") instanceof List<?> logits)
                || !(map.get("p_fake") instanceof List<?> p)) {
            throw LoupeException.badInput("policy: calibration must hold two lists, logits and p_fake");
        }
        return new CalibrationCurve(numbers(logits, "logits"), numbers(p, "p_fake"));
    }

    public double apply(double logit) {
        if (logit <= logits[0]) {
            return pFake[0];
        }
        int last = logits.length - 1;
        if (logit >= logits[last]) {
            return pFake[last];
        }
        int hi = 1;
        while (logits[hi] < logit) {
            hi++;
        }
        double t = (logit - logits[hi - 1]) / (logits[hi] - logits[hi - 1]);
        return pFake[hi - 1] + t * (pFake[hi] - pFake[hi - 1]);
    }

    private static double[] numbers(List<?> values, String name) {
        double[] numbers = new double[values.size()];
        for (int i = 0; i < numbers.length; i++) {
            if (!(values.get(i) instanceof Number n)) {
                throw LoupeException.badInput("policy: calibration's " + name + " must be numbers, not '" + values.get(i) + "'");
            }
            numbers[i] = n.doubleValue();
        }
        return numbers;
    }
}
