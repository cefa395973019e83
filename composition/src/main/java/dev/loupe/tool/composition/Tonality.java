package dev.loupe.tool.composition;

/**
 * Exposure and colour: the share of pixels clipped to black or white, the spread of the tones
 * (1st to 99th percentile of luminance), mean brightness, mean saturation (HSV), and how widely
 * the hues of coloured pixels spread around the colour wheel (0: one hue, 1: all hues evenly).
 */
record Tonality(double brightness, double clippedShadows, double clippedHighlights, double spread,
                double saturation, double hueSpread) {

    static Tonality of(WorkingImage image, float[] luma) {
        int[] histogram = new int[256];
        for (float v : luma) {
            histogram[Math.min(255, Math.max(0, Math.round(v)))]++;
        }
        int n = luma.length;
        int dark = 0;
        int bright = 0;
        double sum = 0;
        for (int v = 0; v < 256; v++) {
            sum += (double) v * histogram[v];
            dark += v <= 3 ? histogram[v] : 0;
            bright += v >= 252 ? histogram[v] : 0;
        }
        double spread = (percentile(histogram, n, 0.99) - percentile(histogram, n, 0.01)) / 255.0;

        double saturation = 0;
        double hx = 0;
        double hy = 0;
        double weights = 0;
        for (int i = 0; i < n; i++) {
            float r = image.red()[i];
            float g = image.green()[i];
            float b = image.blue()[i];
            float max = Math.max(r, Math.max(g, b));
            float min = Math.min(r, Math.min(g, b));
            double s = max <= 0 ? 0 : (max - min) / max;
            saturation += s;
            if (s > 0.15 && max > 25) {
                double hue = Math.toRadians(hue(r, g, b, max, min));
                hx += s * Math.cos(hue);
                hy += s * Math.sin(hue);
                weights += s;
            }
        }
        double hueSpread = weights == 0 ? 0 : 1 - Math.hypot(hx, hy) / weights;
        return new Tonality(sum / n / 255.0, dark / (double) n, bright / (double) n, spread, saturation / n, hueSpread);
    }

    private static int percentile(int[] histogram, int n, double p) {
        long target = (long) Math.ceil(p * n);
        long seen = 0;
        for (int v = 0; v < 256; v++) {
            seen += histogram[v];
            if (seen >= target) {
                return v;
            }
        }
        return 255;
    }

    private static double hue(float r, float g, float b, float max, float min) {
        float delta = max - min;
        if (delta == 0) {
            return 0;
        }
        double hue;
        if (max == r) {
            hue = 60 * (((g - b) / delta) % 6);
        } else if (max == g) {
            hue = 60 * ((b - r) / delta + 2);
        } else {
            hue = 60 * ((r - g) / delta + 4);
        }
        return hue < 0 ? hue + 360 : hue;
    }
}
