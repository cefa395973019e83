package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.tool.forensic.noise.Quantile;

/**
 * The camera's global tone mapping from its thumbnail to one channel of the picture. Cameras build
 * thumbnails with their own gamma, contrast, saturation and sharpening, so the levels of the two
 * differ everywhere by a smooth function; a local retouch differs from it only where it was made. The
 * mapping is a cubic in the same channel's thumbnail level plus a linear term in each of the other two
 * channels (a colour matrix: a thumbnail more saturated than the picture moves one channel against the
 * others), fitted by iteratively reweighted least squares (Tukey's biweight on the residual), so a region
 * that moved — a minority of the pixels — does not bend it: a curve free per level could absorb a
 * retouch whose region owns a level range.
 *
 * @param channel      the channel mapped (0 red, 1 green, 2 blue)
 * @param coefficients for 1, t, t², t³, u, v, with t the channel's thumbnail level / 255 and u, v the other two's
 */
record ToneCurve(int channel, double[] coefficients) {

    private static final int TERMS = 6;
    private static final double RIDGE = 1e-6;

    private static final int ROUNDS = 4;
    /** Tukey's constant: residuals beyond this many robust deviations weigh nothing. */
    private static final double TUKEY = 4.685;
    /** Deviations below this are thumbnail rounding, not the scale of the fit (levels). */
    private static final double MIN_SCALE = 0.5;

    /** The mapping that best takes the thumbnail's {@code rgb} planes onto {@code image}, the picture's {@code channel} (same length, 0–255 levels). */
    static ToneCurve fit(float[][] rgb, int channel, float[] image) {
        int n = image.length;
        double[] weights = new double[n];
        java.util.Arrays.fill(weights, 1);
        double[] coefficients = new double[TERMS];
        coefficients[1] = 255;
        float[] residuals = new float[n];
        for (int round = 0; round < ROUNDS; round++) {
            double[] fitted = solve(rgb, channel, image, weights);
            if (fitted == null) {
                break;
            }
            coefficients = fitted;
            ToneCurve curve = new ToneCurve(channel, coefficients);
            for (int i = 0; i < n; i++) {
                residuals[i] = (float) Math.abs(image[i] - curve.apply(rgb, i));
            }
            double scale = Math.max(MIN_SCALE, 1.4826 * Quantile.of(residuals.clone(), n, 0.5));
            for (int i = 0; i < n; i++) {
                double u = residuals[i] / (TUKEY * scale);
                weights[i] = u >= 1 ? 0 : (1 - u * u) * (1 - u * u);
            }
        }
        return new ToneCurve(channel, coefficients);
    }

    /** The picture level this mapping expects at pixel {@code i} of the thumbnail's planes. */
    double apply(float[][] rgb, int i) {
        double t = rgb[channel][i] / 255.0;
        double[] k = coefficients;
        return k[0] + t * (k[1] + t * (k[2] + t * k[3])) + k[4] * rgb[(channel + 1) % 3][i] / 255.0
                + k[5] * rgb[(channel + 2) % 3][i] / 255.0;
    }

    private static void terms(float[][] rgb, int channel, int i, double[] out) {
        double t = rgb[channel][i] / 255.0;
        out[0] = 1;
        out[1] = t;
        out[2] = t * t;
        out[3] = t * t * t;
        out[4] = rgb[(channel + 1) % 3][i] / 255.0;
        out[5] = rgb[(channel + 2) % 3][i] / 255.0;
    }

    /** Weighted least squares for the coefficients (normal equations), or null when they are singular (a grey thumbnail). */
    private static double[] solve(float[][] rgb, int channel, float[] image, double[] weights) {
        double[][] a = new double[TERMS][TERMS + 1];
        double[] terms = new double[TERMS];
        for (int i = 0; i < image.length; i++) {
            double w = weights[i];
            if (w == 0) {
                continue;
            }
            terms(rgb, channel, i, terms);
            for (int r = 0; r < TERMS; r++) {
                for (int c = 0; c < TERMS; c++) {
                    a[r][c] += w * terms[r] * terms[c];
                }
                a[r][TERMS] += w * terms[r] * image[i];
            }
        }
        // a little ridge: a grey thumbnail's three channels are one, and any split of their weight fits as well
        for (int r = 0; r < TERMS; r++) {
            a[r][r] += RIDGE * a[0][0];
        }
        for (int col = 0; col < TERMS; col++) {
            int pivot = col;
            for (int r = col + 1; r < TERMS; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
                    pivot = r;
                }
            }
            if (Math.abs(a[pivot][col]) < 1e-9) {
                return null;
            }
            double[] swap = a[col];
            a[col] = a[pivot];
            a[pivot] = swap;
            for (int r = 0; r < TERMS; r++) {
                if (r != col) {
                    double f = a[r][col] / a[col][col];
                    for (int c = col; c <= TERMS; c++) {
                        a[r][c] -= f * a[col][c];
                    }
                }
            }
        }
        double[] out = new double[TERMS];
        for (int r = 0; r < TERMS; r++) {
            out[r] = a[r][TERMS] / a[r][r];
        }
        return out;
    }
}
