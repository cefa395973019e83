package dev.loupe.eval.calibrate;

import dev.loupe.eval.metrics.Calibration;

/**
 * The expected calibration error of P(fake) with the classes balanced: each item weighs
 * n / (2 · items of its class), as if fakes and originals were equally common, which is the odds the
 * Platt map calibrates for ({@link PlattMap}). Ten equal bins, as {@link Calibration} has; with one
 * class only, every item weighs the same.
 */
final class BalancedEce {

    private BalancedEce() {
    }

    static double of(double[] pFake, boolean[] fake) {
        double[] weight = PlattMap.balanced(fake);
        double[] mass = new double[Calibration.BINS];
        double[] probability = new double[Calibration.BINS];
        double[] fakes = new double[Calibration.BINS];
        double total = 0;
        for (int i = 0; i < pFake.length; i++) {
            double w = Double.isFinite(weight[i]) ? weight[i] : 1;
            double p = Math.min(1, Math.max(0, pFake[i]));
            int bin = Math.min(Calibration.BINS - 1, (int) Math.floor(p * Calibration.BINS));
            mass[bin] += w;
            probability[bin] += w * p;
            fakes[bin] += fake[i] ? w : 0;
            total += w;
        }
        double ece = 0;
        for (int b = 0; b < Calibration.BINS; b++) {
            if (mass[b] > 0) {
                ece += mass[b] / total * Math.abs(probability[b] / mass[b] - fakes[b] / mass[b]);
            }
        }
        return ece;
    }
}
