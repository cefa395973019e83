package dev.loupe.tool.forensic.noise;

/** Quantiles by quickselect, for the many small arrays of a block analysis. */
public final class Quantile {

    private Quantile() {
    }

    /** The element of rank {@code floor(q · n)} of {@code values[0..n)}; reorders the array. */
    public static float of(float[] values, int n, double q) {
        if (n == 0) {
            return 0;
        }
        return select(values, 0, n - 1, Math.min(n - 1, (int) (q * n)));
    }

    /**
     * The element of rank {@code k} of {@code values[0..n)} (0-based), searching only {@code [lo, hi]}: after
     * a selection of rank r, the ranks above r lie in {@code [r, n)}, so a second, higher rank is cheap.
     */
    public static float select(float[] values, int lo, int hi, int k) {
        while (lo < hi) {
            // median of three: fewer partition rounds than the middle element alone, the same answer
            float a = values[lo];
            float b = values[(lo + hi) >>> 1];
            float c = values[hi];
            float pivot = a < b ? (b < c ? b : Math.max(a, c)) : (a < c ? a : Math.max(b, c));
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (values[i] < pivot) {
                    i++;
                }
                while (values[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    float t = values[i];
                    values[i] = values[j];
                    values[j] = t;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                break;
            }
        }
        return values[k];
    }
}
