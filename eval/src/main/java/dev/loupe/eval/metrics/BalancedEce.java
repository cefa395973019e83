package dev.loupe.eval.metrics;

/**
 * The expected calibration error of P(fake) with the classes balanced: each item weighs
 * n / (2 · items of its class), as if fakes and originals were equally common, which is the odds the
 * calibration's Platt map fits for. Ten equal bins, as {@link Calibration} has; with one class only,
 * every item weighs the same.
 */
public final class BalancedEce {

    private BalancedEce() {
    }

    public static double of(double[] pFake, boolean[] fake) {
        double[] weight = weights(fake);
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

    /** Per item, the weight that makes each class weigh half the total: n / (2 · items of its class). */
    public static double[] weights(boolean[] fake) {
        long fakes = 0;
        for (boolean f : fake) {
            fakes += f ? 1 : 0;
        }
        double[] weight = new double[fake.length];
        for (int i = 0; i < fake.length; i++) {
            long ofClass = fake[i] ? fakes : fake.length - fakes;
            weight[i] = fake.length / (2.0 * ofClass);
        }
        return weight;
    }
}
