package dev.loupe.eval.calibrate;

import java.util.List;
import java.util.Map;

/**
 * Penalised logistic regression over binary features (finding codes present or not) by Newton's
 * method: minimises the class-balanced log loss plus {@code λ/2 · Σ (w − prior)²}, so that a finding
 * seen on few items keeps close to the weight a person reasoned out for it, and one seen on many is
 * moved by the data. Classes are balanced (each weighs half the total) so that the few camera
 * originals are not outvoted by the many fakes derived from them. Deterministic.
 */
final class LogisticFit {

    private static final int ITERATIONS = 30;

    /** In a held set, keeps the bias at its prior too. */
    static final String BIAS = "bias";

    /** The pull that keeps a held weight at its prior. */
    private static final double HELD = 1e6;

    private LogisticFit() {
    }

    /**
     * The fitted coefficients: index 0 is the bias, index j + 1 the weight of {@code features.get(j)}.
     *
     * @param prior  the weights to shrink toward (a missing code: 0), and "bias" for the bias
     * @param lambda the strength of the pull toward {@code prior}
     */
    static double[] fit(List<LabelledFindings> items, List<String> features, Map<String, Double> prior, double lambda) {
        return fit(items, features, prior, lambda, java.util.Set.of());
    }

    /**
     * As {@link #fit(List, List, Map, double)}, with the weights of {@code held} kept at their prior, and
     * the bias too when {@code held} names {@value #BIAS}.
     */
    static double[] fit(List<LabelledFindings> items, List<String> features, Map<String, Double> prior, double lambda,
                        java.util.Set<String> held) {
        return fit(items, features, prior, lambda, held, java.util.Set.of());
    }

    /**
     * As {@link #fit(List, List, Map, double, java.util.Set)}, the weights of {@code nonPositive} kept at 0 or
     * below (projected after each step): consistency a forger controls may speak for real, never for fake.
     */
    static double[] fit(List<LabelledFindings> items, List<String> features, Map<String, Double> prior, double lambda,
                        java.util.Set<String> held, java.util.Set<String> nonPositive) {
        int d = features.size() + 1;
        double[] mean = new double[d];
        mean[0] = prior.getOrDefault("bias", 0.0);
        for (int j = 0; j < features.size(); j++) {
            mean[j + 1] = prior.getOrDefault(features.get(j), 0.0);
        }
        long fakes = items.stream().filter(LabelledFindings::fake).count();
        double fakeWeight = fakes == 0 ? 0 : items.size() / (2.0 * fakes);
        double realWeight = fakes == items.size() ? 0 : items.size() / (2.0 * (items.size() - fakes));
        int[][] x = design(items, features);
        double[] w = mean.clone();
        // A weight kept at 0 or below that the fit pushes past 0 is pinned there for the remaining steps: an
        // active set, which Newton's method converges on where clipping each step would oscillate.
        boolean[] pinned = new boolean[d];
        for (int j = 1; j < d; j++) {
            if (nonPositive.contains(features.get(j - 1)) && w[j] > 0) {
                w[j] = 0;
                pinned[j] = true;
            }
        }
        for (int iteration = 0; iteration < ITERATIONS; iteration++) {
            double[] gradient = new double[d];
            double[][] hessian = new double[d][d];
            for (int j = 1; j < d; j++) {
                double pull = held.contains(features.get(j - 1)) ? HELD : lambda;
                gradient[j] = pull * (w[j] - mean[j]);
                hessian[j][j] = pull;
            }
            double anchor = held.contains(BIAS) ? HELD : 1e-3;
            gradient[0] = anchor * (w[0] - mean[0]);
            hessian[0][0] = anchor;
            for (int i = 0; i < items.size(); i++) {
                double p = sigmoid(score(w, x[i]));
                double weight = items.get(i).fake() ? fakeWeight : realWeight;
                double residual = weight * (p - (items.get(i).fake() ? 1 : 0));
                double curvature = weight * p * (1 - p);
                for (int a : x[i]) {
                    gradient[a] += residual;
                    for (int b : x[i]) {
                        hessian[a][b] += curvature;
                    }
                }
            }
            for (int j = 1; j < d; j++) {
                if (pinned[j]) {
                    for (int k = 0; k < d; k++) {
                        hessian[j][k] = 0;
                        hessian[k][j] = 0;
                    }
                    hessian[j][j] = 1;
                    gradient[j] = 0;
                }
            }
            double[] step = Linear.solve(hessian, gradient);
            // Damped: a full Newton step can overshoot (the bias is nearly free, and a weight pinned at 0 changes the
            // problem), so it is halved until the penalised loss does not rise. Undamped, a fit without one
            // tool's findings could diverge, which the per-tool table read as that tool's worth.
            double[] pulls = new double[d];
            for (int j = 1; j < d; j++) {
                pulls[j] = held.contains(features.get(j - 1)) ? HELD : lambda;
            }
            pulls[0] = anchor;
            double before = loss(w, mean, pulls, x, items, fakeWeight, realWeight);
            double[] next = new double[d];
            double t = 1;
            for (; ; t /= 2) {
                for (int j = 0; j < d; j++) {
                    next[j] = w[j] - t * step[j];
                    if (j > 0 && next[j] > 0 && nonPositive.contains(features.get(j - 1))) {
                        next[j] = 0;
                    }
                }
                if (t < 1e-6 || loss(next, mean, pulls, x, items, fakeWeight, realWeight) <= before + 1e-12) {
                    break;
                }
            }
            double largest = 0;
            for (int j = 0; j < d; j++) {
                if (j > 0 && w[j] - t * step[j] > 0 && nonPositive.contains(features.get(j - 1))) {
                    pinned[j] = true;
                }
                largest = Math.max(largest, Math.abs(next[j] - w[j]));
                w[j] = next[j];
            }
            if (largest < 1e-9) {
                break;
            }
        }
        return w;
    }

    /** The penalised, class-weighted log loss the fit minimises. */
    private static double loss(double[] w, double[] mean, double[] pulls, int[][] x, List<LabelledFindings> items,
                               double fakeWeight, double realWeight) {
        double sum = 0;
        for (int j = 0; j < w.length; j++) {
            sum += 0.5 * pulls[j] * (w[j] - mean[j]) * (w[j] - mean[j]);
        }
        for (int i = 0; i < x.length; i++) {
            double z = score(w, x[i]);
            boolean fake = items.get(i).fake();
            // log(1 + e^z) − y·z, computed without overflow
            double softplus = z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
            sum += (fake ? fakeWeight : realWeight) * (softplus - (fake ? z : 0));
        }
        return sum;
    }

    /** Per item, the indices of its non-zero features: 0 (the bias) and j + 1 for each code present. */
    static int[][] design(List<LabelledFindings> items, List<String> features) {
        int[][] x = new int[items.size()][];
        for (int i = 0; i < items.size(); i++) {
            LabelledFindings item = items.get(i);
            x[i] = java.util.stream.IntStream.concat(java.util.stream.IntStream.of(0),
                    java.util.stream.IntStream.range(0, features.size())
                            .filter(j -> item.codes().contains(features.get(j))).map(j -> j + 1)).toArray();
        }
        return x;
    }

    static double logit(double[] w, LabelledFindings item, List<String> features) {
        double sum = w[0];
        for (int j = 0; j < features.size(); j++) {
            if (item.codes().contains(features.get(j))) {
                sum += w[j + 1];
            }
        }
        return sum;
    }

    static double sigmoid(double z) {
        return 1 / (1 + Math.exp(-z));
    }

    private static double score(double[] w, int[] present) {
        double sum = 0;
        for (int j : present) {
            sum += w[j];
        }
        return sum;
    }
}
