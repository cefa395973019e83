package dev.loupe.eval.calibrate;

/**
 * Chooses the verdict thresholds on held-out calibrated probabilities: among the bands
 * {@code real ≤ t_real < t_fake ≤ fake} on a 0.05 grid that abstain on at most the allowed share,
 * the one with the fewest wrong answers, an original called fake counting three times (a false
 * accusation costs an examiner more than a miss), ties going to the narrower band.
 */
final class Thresholds {

    private static final int STEPS = 20;

    private Thresholds() {
    }

    /** {real threshold, fake threshold}. */
    static double[] choose(double[] pFake, boolean[] fake, double maxAbstention) {
        double[] best = {0.5 - 1e-9, 0.5};
        double bestCost = Double.POSITIVE_INFINITY;
        for (int r = 1; r <= STEPS / 2; r++) {
            for (int f = STEPS / 2; f < STEPS; f++) {
                double low = r / (double) STEPS;
                double high = f / (double) STEPS;
                if (low > high || (low == high && r != STEPS / 2)) {
                    continue;
                }
                double realAt = low == high ? low - 1e-9 : low;
                int uncertain = 0;
                double cost = 0;
                for (int i = 0; i < pFake.length; i++) {
                    boolean saysFake = pFake[i] >= high;
                    boolean saysReal = pFake[i] <= realAt;
                    if (!saysFake && !saysReal) {
                        uncertain++;
                    } else if (saysFake && !fake[i]) {
                        cost += 3;
                    } else if (saysReal && fake[i]) {
                        cost += 1;
                    }
                }
                cost += 1e-3 * (high - realAt);
                if (uncertain <= maxAbstention * pFake.length && cost < bestCost) {
                    bestCost = cost;
                    best = new double[] {realAt, high};
                }
            }
        }
        return best;
    }
}
