package dev.loupe.tool.composition;

/**
 * Visual balance: where the salient mass lies, as {@code (right − left) / total} and
 * {@code (bottom − top) / total} (0 is even, ±1 is all on one side), and mirror symmetry: the
 * correlation of the luminance with its left-right mirror image (1 is a perfect mirror).
 */
record Balance(double leftRight, double topBottom, double symmetry) {

    static Balance of(float[] saliency, float[] luma, int width, int height) {
        double left = 0;
        double right = 0;
        double top = 0;
        double bottom = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double s = saliency[y * width + x];
                double cx = (x + 0.5) / width - 0.5;
                double cy = (y + 0.5) / height - 0.5;
                if (cx < 0) {
                    left += s;
                } else {
                    right += s;
                }
                if (cy < 0) {
                    top += s;
                } else {
                    bottom += s;
                }
            }
        }
        double total = left + right;
        return new Balance(total == 0 ? 0 : (right - left) / total, total == 0 ? 0 : (bottom - top) / total,
                symmetry(luma, width, height));
    }

    private static double symmetry(float[] luma, int width, int height) {
        double mean = Saliency.mean(luma);
        double covariance = 0;
        double variance = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double a = luma[y * width + x] - mean;
                double b = luma[y * width + (width - 1 - x)] - mean;
                covariance += a * b;
                variance += a * a;
            }
        }
        return variance == 0 ? 1 : Math.max(0, covariance / variance);
    }
}
