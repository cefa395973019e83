package dev.loupe.eval.metrics;

/**
 * A proportion {@code successes / trials} with its Wilson score 95% interval, which stays inside
 * [0, 1] and behaves at 0 and at small counts where the normal approximation does not. With no
 * trials the value is undefined (NaN) and the interval is [0, 1].
 */
public record Rate(long successes, long trials, double value, double low, double high) {

    /** The two-sided 95% normal quantile. */
    public static final double Z95 = 1.959963984540054;

    public static Rate of(long successes, long trials) {
        if (successes < 0 || trials < 0 || successes > trials) {
            throw new IllegalArgumentException("not a proportion: " + successes + "/" + trials);
        }
        if (trials == 0) {
            return new Rate(0, 0, Double.NaN, 0, 1);
        }
        double n = trials;
        double p = successes / n;
        double z2 = Z95 * Z95;
        double denominator = 1 + z2 / n;
        double centre = (p + z2 / (2 * n)) / denominator;
        double half = Z95 * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
        return new Rate(successes, trials, p, Math.max(0, centre - half), Math.min(1, centre + half));
    }

    public boolean defined() {
        return trials > 0;
    }
}
