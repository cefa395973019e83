package dev.loupe.tool.composition;

/**
 * Sobel gradients of the luminance (per-pixel level differences), with the threshold above which a
 * pixel counts as an edge, and the share of edge strength by orientation: horizontal, vertical and
 * diagonal edges.
 */
final class EdgeField {

    /** A gradient of this many levels per pixel or more is an edge. */
    static final float STRONG = 12f;

    final int width;
    final int height;
    final float[] gx;
    final float[] gy;
    final float[] magnitude;

    EdgeField(float[] luma, int width, int height) {
        this.width = width;
        this.height = height;
        gx = new float[luma.length];
        gy = new float[luma.length];
        magnitude = new float[luma.length];
        for (int y = 1; y < height - 1; y++) {
            for (int x = 1; x < width - 1; x++) {
                int i = y * width + x;
                float tl = luma[i - width - 1];
                float t = luma[i - width];
                float tr = luma[i - width + 1];
                float l = luma[i - 1];
                float r = luma[i + 1];
                float bl = luma[i + width - 1];
                float b = luma[i + width];
                float br = luma[i + width + 1];
                gx[i] = ((tr + 2 * r + br) - (tl + 2 * l + bl)) / 8f;
                gy[i] = ((bl + 2 * b + br) - (tl + 2 * t + tr)) / 8f;
                magnitude[i] = (float) Math.hypot(gx[i], gy[i]);
            }
        }
    }

    boolean strong(int i) {
        return magnitude[i] >= STRONG;
    }

    /** The share of pixels that are edges: a rough measure of clutter. */
    double density() {
        int edges = 0;
        for (int i = 0; i < magnitude.length; i++) {
            if (strong(i)) {
                edges++;
            }
        }
        return edges / (double) magnitude.length;
    }

    /** Edge strength by orientation of the edge itself: {horizontal, vertical, diagonal}, summing to 1 (or all 0). */
    double[] orientations() {
        double[] sums = new double[3];
        for (int i = 0; i < magnitude.length; i++) {
            if (!strong(i)) {
                continue;
            }
            double edge = Math.toDegrees(Math.atan2(gy[i], gx[i])) + 90;
            double folded = ((edge % 180) + 180) % 180;
            int bin = folded < 22.5 || folded >= 157.5 ? 0 : folded >= 67.5 && folded < 112.5 ? 1 : 2;
            sums[bin] += magnitude[i];
        }
        double total = sums[0] + sums[1] + sums[2];
        return total == 0 ? sums : new double[]{sums[0] / total, sums[1] / total, sums[2] / total};
    }
}
