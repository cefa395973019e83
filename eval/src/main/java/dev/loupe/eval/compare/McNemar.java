package dev.loupe.eval.compare;

/**
 * McNemar's test of two classifiers on the same items, from the discordant counts only: {@code b}
 * items only the first got right, {@code c} only the second. With fewer than 25 discordant items the
 * p-value is the exact two-sided binomial one; otherwise the chi-square statistic with continuity
 * correction, (|b − c| − 1)² / (b + c), on one degree of freedom.
 *
 * @param method {@code exact binomial} or {@code chi-square (continuity-corrected)}
 */
public record McNemar(long b, long c, String method, double statistic, double pValue) {

    static final long EXACT_BELOW = 25;

    public static McNemar test(long b, long c) {
        long n = b + c;
        if (n == 0) {
            return new McNemar(b, c, "exact binomial", 0, 1);
        }
        if (n < EXACT_BELOW) {
            double tail = 0;
            for (long k = 0; k <= Math.min(b, c); k++) {
                tail += Math.exp(logChoose(n, k) - n * Math.log(2));
            }
            return new McNemar(b, c, "exact binomial", Math.min(b, c), Math.min(1, 2 * tail));
        }
        double chi2 = Math.pow(Math.max(0, Math.abs(b - c) - 1), 2) / n;
        return new McNemar(b, c, "chi-square (continuity-corrected)", chi2, chiSquareOneDofSurvival(chi2));
    }

    /** P(X ≥ x) for chi-square with one degree of freedom: erfc(√(x/2)). */
    static double chiSquareOneDofSurvival(double x) {
        return x <= 0 ? 1 : erfc(Math.sqrt(x / 2));
    }

    /**
     * The complementary error function by the Chebyshev-fitted formula of Numerical Recipes
     * ({@code erfcc}), fractional error below 1.2e-7 everywhere, ample for p-values.
     */
    static double erfc(double x) {
        double z = Math.abs(x);
        double t = 1 / (1 + 0.5 * z);
        double poly = -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
                + t * (-0.82215223 + t * 0.17087277))))))));
        double result = t * Math.exp(poly);
        return x >= 0 ? result : 2 - result;
    }

    private static double logChoose(long n, long k) {
        double sum = 0;
        for (long i = 1; i <= k; i++) {
            sum += Math.log(n - k + i) - Math.log(i);
        }
        return sum;
    }
}
