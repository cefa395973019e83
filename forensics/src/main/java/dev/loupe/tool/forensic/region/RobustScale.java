package dev.loupe.tool.forensic.region;

import java.util.Arrays;

/**
 * The median and the MAD-derived spread (×1.4826, a standard deviation for Gaussian data) of a
 * map's values, NaN left out, so that a map can be read in robust standard deviations from its own
 * typical value whatever its units.
 *
 * @param median the median of the values
 * @param sigma  1.4826 × the median absolute deviation, at least {@code floor}
 * @param count  values that were not NaN
 */
public record RobustScale(double median, double sigma, int count) {

    /** The robust scale of {@code values}, the spread never below {@code floor}. */
    public static RobustScale of(float[] values, double floor) {
        float[] work = new float[values.length];
        int n = 0;
        for (float v : values) {
            if (!Float.isNaN(v)) {
                work[n++] = v;
            }
        }
        if (n == 0) {
            return new RobustScale(0, floor, 0);
        }
        // a sort, not a selection: maps hold tens of thousands of cells at most, and region/ stays below noise/
        Arrays.sort(work, 0, n);
        float median = work[n / 2];
        for (int i = 0; i < n; i++) {
            work[i] = Math.abs(work[i] - median);
        }
        Arrays.sort(work, 0, n);
        double mad = work[n / 2];
        return new RobustScale(median, Math.max(floor, 1.4826 * mad), n);
    }

    /** How many spreads {@code value} lies from the median. */
    public double z(double value) {
        return (value - median) / sigma;
    }

    /** How many spreads each of {@code values} lies above the median, 0 below it, NaN kept: what the suspicion maps show. */
    public float[] above(float[] values) {
        float[] z = new float[values.length];
        for (int i = 0; i < z.length; i++) {
            z[i] = Float.isNaN(values[i]) ? Float.NaN : (float) Math.max(0, z(values[i]));
        }
        return z;
    }
}
