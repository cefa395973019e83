package dev.loupe.eval.calibrate;

import dev.loupe.tool.forensic.policy.CalibrationCurve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * An isotonic calibration map: the non-decreasing step function of the log-odds that best fits the
 * held-out labels (pool-adjacent-violators, classes balanced as {@link PlattMap#balanced} weighs
 * them), read as points (each pooled block's mean log-odds and its share of fakes) joined by straight
 * lines and flat beyond the ends. Unlike a Platt map it can bend where the policy's log-odds are too
 * sure in one range and too timid in another. Its probabilities stay within
 * [{@value #FLOOR}, 1 − {@value #FLOOR}]: a block with no fake in it says the share is small, not nil.
 *
 * @param curve the points, as the graph file carries them and the offline policy applies them
 */
record IsotonicMap(CalibrationCurve curve) implements ProbabilityMap {

    static final double FLOOR = 0.01;

    static IsotonicMap fit(double[] logits, boolean[] fake) {
        double[] weight = PlattMap.balanced(fake);
        Integer[] order = new Integer[logits.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> logits[i]));
        List<double[]> blocks = new ArrayList<>(); // {weighted logit sum, fake weight, weight}
        for (int k = 0; k < order.length; k++) {
            int i = order[k];
            double[] item = {weight[i] * logits[i], fake[i] ? weight[i] : 0, weight[i]};
            boolean tie = !blocks.isEmpty() && k > 0 && logits[order[k - 1]] == logits[i];
            if (tie) {
                add(blocks.get(blocks.size() - 1), item);
            } else {
                blocks.add(item);
            }
            while (blocks.size() > 1 && share(blocks.get(blocks.size() - 2)) >= share(blocks.get(blocks.size() - 1))) {
                add(blocks.get(blocks.size() - 2), blocks.remove(blocks.size() - 1));
            }
        }
        double[] x = new double[blocks.size()];
        double[] p = new double[blocks.size()];
        for (int b = 0; b < x.length; b++) {
            x[b] = blocks.get(b)[0] / blocks.get(b)[2];
            p[b] = Math.min(1 - FLOOR, Math.max(FLOOR, share(blocks.get(b))));
        }
        return new IsotonicMap(new CalibrationCurve(x, p));
    }

    @Override
    public double apply(double logit) {
        return curve.apply(logit);
    }

    @Override
    public double slope() {
        return 1;
    }

    @Override
    public String kind() {
        return "isotonic";
    }

    private static double share(double[] block) {
        return block[1] / block[2];
    }

    private static void add(double[] into, double[] block) {
        for (int j = 0; j < into.length; j++) {
            into[j] += block[j];
        }
    }
}
