package dev.loupe.eval.calibrate;

import dev.loupe.eval.metrics.BalancedEce;

/**
 * A Platt map, P = sigmoid(a · logit + b), fitted by Newton's method to held-out logits and labels,
 * classes balanced (each weighs half), so that P(fake) is calibrated for even odds of fake and real
 * rather than for the development set's mix, which is nine derived fakes to each original by
 * construction and says nothing of the images a user brings. Being affine in the logit, it folds into
 * the policy: the bias becomes {@code a·bias + b} and every weight {@code a·weight}.
 */
record PlattMap(double a, double b) implements ProbabilityMap {

    static final PlattMap IDENTITY = new PlattMap(1, 0);

    static PlattMap fit(double[] logits, boolean[] fake) {
        double[] weight = balanced(fake);
        double a = 1;
        double b = 0;
        for (int iteration = 0; iteration < 50; iteration++) {
            double ga = 1e-3 * (a - 1);
            double gb = 0;
            double haa = 1e-3;
            double hab = 0;
            double hbb = 1e-6;
            for (int i = 0; i < logits.length; i++) {
                double p = LogisticFit.sigmoid(a * logits[i] + b);
                double r = weight[i] * (p - (fake[i] ? 1 : 0));
                double c = weight[i] * p * (1 - p);
                ga += r * logits[i];
                gb += r;
                haa += c * logits[i] * logits[i];
                hab += c * logits[i];
                hbb += c;
            }
            double det = haa * hbb - hab * hab;
            if (det <= 0) {
                break;
            }
            double da = (hbb * ga - hab * gb) / det;
            double db = (haa * gb - hab * ga) / det;
            a -= da;
            b -= db;
            if (Math.abs(da) + Math.abs(db) < 1e-10) {
                break;
            }
        }
        return new PlattMap(a, b);
    }

    /** Per item, the weight that makes each class weigh half the total ({@link BalancedEce#weights}). */
    static double[] balanced(boolean[] fake) {
        return BalancedEce.weights(fake);
    }

    @Override
    public double apply(double logit) {
        return LogisticFit.sigmoid(a * logit + b);
    }

    @Override
    public double slope() {
        return a;
    }

    @Override
    public String kind() {
        return "platt";
    }
}
