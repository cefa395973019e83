package dev.loupe.tool.composition;

/**
 * Frequency-tuned saliency (Achanta et al., 2009): how far each pixel's slightly blurred CIE Lab
 * colour is from the image's mean colour, scaled to [0, 1]. What stands out from the whole —
 * a red coat on grass, a bright window in a dark room — scores high. Its mass is the picture's
 * visual weight; where it gathers is the subject.
 */
final class Saliency {

    private Saliency() {
    }

    /** The mean of one of this package's per-pixel maps (saliency, luminance, a Lab channel). */
    static double mean(float[] map) {
        double sum = 0;
        for (float v : map) {
            sum += v;
        }
        return sum / map.length;
    }

    static float[] of(WorkingImage image) {
        int w = image.width();
        int h = image.height();
        float[][] lab = new float[3][image.size()];
        for (int i = 0; i < image.size(); i++) {
            float[] pixel = lab(image.red()[i], image.green()[i], image.blue()[i]);
            lab[0][i] = pixel[0];
            lab[1][i] = pixel[1];
            lab[2][i] = pixel[2];
        }
        double[] mean = new double[3];
        for (int c = 0; c < 3; c++) {
            mean[c] = mean(lab[c]);
            lab[c] = blur(lab[c], w, h);
        }
        float[] saliency = new float[image.size()];
        float max = 0;
        for (int i = 0; i < saliency.length; i++) {
            double dl = lab[0][i] - mean[0];
            double da = lab[1][i] - mean[1];
            double db = lab[2][i] - mean[2];
            saliency[i] = (float) (dl * dl + da * da + db * db);
            max = Math.max(max, saliency[i]);
        }
        if (max > 0) {
            for (int i = 0; i < saliency.length; i++) {
                saliency[i] /= max;
            }
        }
        return saliency;
    }

    /** sRGB (0–255) to CIE L*a*b* under D65. */
    private static float[] lab(float r, float g, float b) {
        double lr = linear(r / 255.0);
        double lg = linear(g / 255.0);
        double lb = linear(b / 255.0);
        double x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
        double y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
        double z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
        double fx = f(x);
        double fy = f(y);
        double fz = f(z);
        return new float[]{(float) (116 * fy - 16), (float) (500 * (fx - fy)), (float) (200 * (fy - fz))};
    }

    private static double linear(double c) {
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    /** A separable 5-tap binomial blur, edges clamped. */
    private static float[] blur(float[] plane, int w, int h) {
        float[] kernel = {1 / 16f, 4 / 16f, 6 / 16f, 4 / 16f, 1 / 16f};
        float[] across = new float[plane.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float sum = 0;
                for (int k = -2; k <= 2; k++) {
                    sum += kernel[k + 2] * plane[y * w + Math.min(w - 1, Math.max(0, x + k))];
                }
                across[y * w + x] = sum;
            }
        }
        float[] out = new float[plane.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float sum = 0;
                for (int k = -2; k <= 2; k++) {
                    sum += kernel[k + 2] * across[Math.min(h - 1, Math.max(0, y + k)) * w + x];
                }
                out[y * w + x] = sum;
            }
        }
        return out;
    }
}
