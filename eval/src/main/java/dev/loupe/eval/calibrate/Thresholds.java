package dev.loupe.eval.calibrate;

/**
 * Chooses the verdict thresholds on held-out calibrated probabilities, on a 0.05 grid
 * ({@code real ≤ t_real < t_fake ≤ fake}), at least one step apart: a P(fake) near one half is no
 * verdict, and {@code real} or {@code fake} at a confidence of 0.5 would read as one. A false
 * accusation costs an examiner more than a miss, so the originals called fake are a constraint, not a
 * cost to trade: among the bands that call at most
 * {@code maxFalseFlag} of the originals fake and abstain on at most {@code maxAbstention} of the items,
 * the one that lets the fewest fakes through (called real, or uncertain at half) wins, ties going to
 * the narrower band. When no band meets both bounds, the one with the fewest wrong answers does, an
 * original called fake counting three times and an uncertain half. Verdicts are counted as the policy
 * gives them: with {@code minEvidence}, an item whose evidence does not add up to that much its way is
 * uncertain whatever its probability.
 */
final class Thresholds {

    private static final int STEPS = 20;

    private Thresholds() {
    }

    /** {real threshold, fake threshold}. */
    static double[] choose(double[] pFake, boolean[] fake, double maxAbstention, double maxFalseFlag) {
        return choose(pFake, fake, maxAbstention, maxFalseFlag, new double[pFake.length], 0);
    }

    /**
     * @param evidence    each item's log-odds from its findings, without the prior
     * @param minEvidence what a verdict needs of them ({@code min_evidence})
     */
    static double[] choose(double[] pFake, boolean[] fake, double maxAbstention, double maxFalseFlag, double[] evidence,
                           double minEvidence) {
        return java.util.Arrays.copyOf(choose(pFake, fake, maxAbstention, maxFalseFlag, evidence, new double[] {minEvidence}), 2);
    }

    /**
     * The thresholds and the evidence a verdict needs, chosen together: {real threshold, fake threshold,
     * min_evidence}, the last one of {@code minEvidence}'s values, by the same rule (the bounds first, then
     * the fewest fakes let through; of equals, the larger min_evidence).
     */
    static double[] choose(double[] pFake, boolean[] fake, double maxAbstention, double maxFalseFlag, double[] evidence,
                           double[] minEvidence) {
        double[] best = null;
        for (double need : minEvidence) {
            double[] band = band(pFake, fake, maxAbstention, maxFalseFlag, evidence, need);
            if (best == null || band[2] < best[2] || band[2] == best[2] && need > best[3]) {
                best = new double[] {band[0], band[1], band[2], need};
            }
        }
        return new double[] {best[0], best[1], best[3]};
    }

    /** {real threshold, fake threshold, score}: feasible bands score their misses, others their cost plus a large offset. */
    private static double[] band(double[] pFake, boolean[] fake, double maxAbstention, double maxFalseFlag, double[] evidence,
                                 double minEvidence) {
        long reals = 0;
        for (boolean f : fake) {
            reals += f ? 0 : 1;
        }
        double[] best = null;
        double bestMissed = Double.POSITIVE_INFINITY;
        double[] fallback = {0.45, 0.5};
        double fallbackCost = Double.POSITIVE_INFINITY;
        for (int r = 1; r <= STEPS / 2; r++) {
            for (int f = STEPS / 2; f < STEPS; f++) {
                double low = r / (double) STEPS;
                double high = f / (double) STEPS;
                if (low >= high) {
                    continue;
                }
                int uncertain = 0;
                int flagged = 0;
                int slipped = 0;
                for (int i = 0; i < pFake.length; i++) {
                    boolean saysFake = pFake[i] >= high && evidence[i] >= minEvidence;
                    boolean saysReal = pFake[i] <= low && evidence[i] <= -minEvidence;
                    if (!saysFake && !saysReal) {
                        uncertain++;
                    } else if (saysFake && !fake[i]) {
                        flagged++;
                    } else if (saysReal && fake[i]) {
                        slipped++;
                    }
                }
                double width = 1e-3 * (high - low);
                boolean abstainsLittle = uncertain <= maxAbstention * pFake.length;
                if (abstainsLittle && flagged <= maxFalseFlag * reals) {
                    double missed = slipped + 0.5 * uncertain + width;
                    if (missed < bestMissed) {
                        bestMissed = missed;
                        best = new double[] {low, high};
                    }
                }
                double cost = slipped + 3.0 * flagged + 0.5 * uncertain + width;
                if (cost < fallbackCost) {
                    fallbackCost = cost;
                    fallback = new double[] {low, high};
                }
            }
        }
        // A band within the bounds always beats one outside them, whatever min_evidence either needs.
        return best != null ? new double[] {best[0], best[1], bestMissed} : new double[] {fallback[0], fallback[1], 1e9 + fallbackCost};
    }
}
