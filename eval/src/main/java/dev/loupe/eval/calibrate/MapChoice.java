package dev.loupe.eval.calibrate;

import java.util.Arrays;

/**
 * Chooses the calibration map by how well each kind predicts labels it was not fitted on: over the
 * training folds, a Platt map and an isotonic map are fitted on the other folds' held-out logits and
 * scored by the Brier score on the fold, classes balanced. The lower total wins; a tie goes to Platt,
 * the simpler map, which folds into the weights.
 *
 * @param map      the winner, fitted on every logit
 * @param platt    the Platt maps' held-out Brier score
 * @param isotonic the isotonic maps' held-out Brier score
 */
record MapChoice(ProbabilityMap map, double platt, double isotonic) {

    static MapChoice of(double[] logits, boolean[] fake, int[] folds) {
        int[] distinct = Arrays.stream(folds).distinct().sorted().toArray();
        if (distinct.length < 2) {
            return new MapChoice(PlattMap.IDENTITY, Double.NaN, Double.NaN);
        }
        double[] weight = PlattMap.balanced(fake);
        double platt = 0;
        double isotonic = 0;
        for (int fold : distinct) {
            int train = (int) Arrays.stream(folds).filter(f -> f != fold).count();
            double[] x = new double[train];
            boolean[] y = new boolean[train];
            int n = 0;
            for (int i = 0; i < folds.length; i++) {
                if (folds[i] != fold) {
                    x[n] = logits[i];
                    y[n++] = fake[i];
                }
            }
            if (allSame(y)) {
                continue; // nothing to fit a map on: this fold scores neither
            }
            PlattMap plattMap = PlattMap.fit(x, y);
            IsotonicMap isotonicMap = IsotonicMap.fit(x, y);
            for (int i = 0; i < folds.length; i++) {
                if (folds[i] == fold) {
                    double truth = fake[i] ? 1 : 0;
                    platt += weight[i] * Math.pow(plattMap.apply(logits[i]) - truth, 2);
                    isotonic += weight[i] * Math.pow(isotonicMap.apply(logits[i]) - truth, 2);
                }
            }
        }
        platt /= logits.length;
        isotonic /= logits.length;
        ProbabilityMap map = isotonic < platt ? IsotonicMap.fit(logits, fake) : PlattMap.fit(logits, fake);
        return new MapChoice(map, platt, isotonic);
    }

    private static boolean allSame(boolean[] values) {
        for (boolean v : values) {
            if (v != values[0]) {
                return false;
            }
        }
        return true;
    }
}
