package dev.loupe.tool.forensic.keypoints;

import java.util.ArrayList;
import java.util.List;

/**
 * The dense check of a transform that keypoints proposed (Pan and Lyu 2010): around one side's
 * matched points, each pixel's neighbourhood is compared with the neighbourhood the transform maps
 * it to, by zero-mean normalised cross-correlation of the plane's high-pass (the plane minus its
 * local mean, so that a smooth gradient, which correlates with any rotation of itself, counts for
 * nothing). A copy correlates over its whole textured area; keypoints that agree by chance, or
 * repeated details, over a few scattered spots. What correlates, taken where the matches are dense
 * and filled to its convex hull (the copy's flat parts correlate with nothing), is the side's mask.
 */
final class CloneCorrelation {

    /** Correlation windows are (2·RADIUS + 1)² plane pixels. */
    static final int RADIUS = 4;
    static final double MIN_CORRELATION = 0.6;
    /** Below this high-pass deviation (grey levels) a window is flat: its correlation is noise. */
    static final double MIN_DEVIATION = 1.0;
    static final int DENSITY_RADIUS = 5;
    /** A pixel is in the mask where this share of its neighbourhood correlates. */
    static final double MIN_DENSITY = 0.3;
    /** A pixel mapped closer than this (plane pixels) to itself is its own neighbourhood. */
    static final double MIN_SEPARATION = 16;
    private static final int LOCAL_MEAN_RADIUS = 2;

    private CloneCorrelation() {
    }

    /** The plane minus its (2·2 + 1)² box mean, row-major. */
    static float[] highPass(float[] values, int width, int height) {
        double[] sums = integral(values, width, height);
        float[] out = new float[values.length];
        int r = LOCAL_MEAN_RADIUS;
        for (int y = 0; y < height; y++) {
            int y0 = Math.max(0, y - r);
            int y1 = Math.min(height, y + r + 1);
            for (int x = 0; x < width; x++) {
                int x0 = Math.max(0, x - r);
                int x1 = Math.min(width, x + r + 1);
                double mean = box(sums, width + 1, x0, y0, x1, y1) / ((x1 - x0) * (y1 - y0));
                out[y * width + x] = (float) (values[y * width + x] - mean);
            }
        }
        return out;
    }

    /**
     * The mask, over {@code region} of the plane, of the pixels q whose neighbourhood correlates with
     * the one around {@code map(q)}; null when none does.
     */
    static SideMask matched(float[] highPass, int width, int height, Similarity map, Box region) {
        int rw = region.width();
        int rh = region.height();
        if (rw <= 2 * RADIUS || rh <= 2 * RADIUS) {
            return null;
        }
        float[] here = new float[rw * rh];
        float[] there = new float[rw * rh];
        float[] valid = new float[rw * rh];
        for (int j = 0; j < rh; j++) {
            int y = region.y() + j;
            for (int i = 0; i < rw; i++) {
                int x = region.x() + i;
                double mx = map.x(x, y);
                double my = map.y(x, y);
                if (mx < 0 || my < 0 || mx > width - 2 || my > height - 2 || Math.hypot(mx - x, my - y) < MIN_SEPARATION) {
                    continue;
                }
                int k = j * rw + i;
                here[k] = highPass[y * width + x];
                there[k] = bilinear(highPass, width, mx, my);
                valid[k] = 1;
            }
        }
        float[] correlates = correlating(here, there, valid, rw, rh);
        double[] density = integral(correlates, rw, rh);
        boolean[] mask = new boolean[rw * rh];
        int d = DENSITY_RADIUS;
        int any = 0;
        for (int j = 0; j < rh; j++) {
            int y0 = Math.max(0, j - d);
            int y1 = Math.min(rh, j + d + 1);
            for (int i = 0; i < rw; i++) {
                int x0 = Math.max(0, i - d);
                int x1 = Math.min(rw, i + d + 1);
                boolean dense = box(density, rw + 1, x0, y0, x1, y1) >= MIN_DENSITY * (x1 - x0) * (y1 - y0);
                mask[j * rw + i] = dense;
                any += dense ? 1 : 0;
            }
        }
        if (any == 0) {
            return null;
        }
        fillHull(mask, rw, rh);
        return new SideMask(region, mask, any);
    }

    /** 1 where the window around a pixel is textured on both sides and correlates, else 0. */
    private static float[] correlating(float[] a, float[] b, float[] valid, int w, int h) {
        double[] n = integral(valid, w, h);
        double[] sa = integral(a, w, h);
        double[] sb = integral(b, w, h);
        float[] aa = new float[a.length];
        float[] bb = new float[a.length];
        float[] ab = new float[a.length];
        for (int k = 0; k < a.length; k++) {
            aa[k] = a[k] * a[k];
            bb[k] = b[k] * b[k];
            ab[k] = a[k] * b[k];
        }
        double[] saa = integral(aa, w, h);
        double[] sbb = integral(bb, w, h);
        double[] sab = integral(ab, w, h);
        int side = 2 * RADIUS + 1;
        double count = side * side;
        double minVariance = MIN_DEVIATION * MIN_DEVIATION;
        float[] out = new float[a.length];
        for (int y = RADIUS; y < h - RADIUS; y++) {
            for (int x = RADIUS; x < w - RADIUS; x++) {
                int x0 = x - RADIUS;
                int y0 = y - RADIUS;
                int x1 = x + RADIUS + 1;
                int y1 = y + RADIUS + 1;
                if (box(n, w + 1, x0, y0, x1, y1) < count) {
                    continue;
                }
                double ma = box(sa, w + 1, x0, y0, x1, y1) / count;
                double mb = box(sb, w + 1, x0, y0, x1, y1) / count;
                double va = box(saa, w + 1, x0, y0, x1, y1) / count - ma * ma;
                double vb = box(sbb, w + 1, x0, y0, x1, y1) / count - mb * mb;
                if (va < minVariance || vb < minVariance) {
                    continue;
                }
                double cov = box(sab, w + 1, x0, y0, x1, y1) / count - ma * mb;
                if (cov >= MIN_CORRELATION * Math.sqrt(va * vb)) {
                    out[y * w + x] = 1;
                }
            }
        }
        return out;
    }

    /**
     * Sets every pixel inside the convex hull of the set ones: a copy's flat parts correlate with nothing,
     * and where they reach its edge no enclosing ring of texture fills them in.
     */
    static void fillHull(boolean[] mask, int w, int h) {
        List<int[]> ends = new ArrayList<>();
        for (int y = 0; y < h; y++) {
            int first = -1;
            int last = -1;
            for (int x = 0; x < w; x++) {
                if (mask[y * w + x]) {
                    first = first < 0 ? x : first;
                    last = x;
                }
            }
            if (first >= 0) {
                ends.add(new int[] {first, y});
                ends.add(new int[] {last, y});
            }
        }
        List<int[]> hull = hull(ends);
        int n = hull.size();
        for (int y = hull.stream().mapToInt(p -> p[1]).min().orElse(0); y <= hull.stream().mapToInt(p -> p[1]).max().orElse(-1); y++) {
            double from = Double.MAX_VALUE;
            double to = -Double.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                int[] p = hull.get(i);
                int[] q = hull.get((i + 1) % n);
                if (p[1] == y) {
                    from = Math.min(from, p[0]);
                    to = Math.max(to, p[0]);
                }
                if ((p[1] < y && q[1] > y) || (p[1] > y && q[1] < y)) {
                    double x = p[0] + (double) (y - p[1]) * (q[0] - p[0]) / (q[1] - p[1]);
                    from = Math.min(from, x);
                    to = Math.max(to, x);
                }
            }
            for (int x = (int) Math.ceil(from - 1e-9); x <= (int) Math.floor(to + 1e-9); x++) {
                mask[y * w + x] = true;
            }
        }
    }

    /** The convex hull of the points (Andrew's monotone chain), counter-clockwise. */
    private static List<int[]> hull(List<int[]> points) {
        List<int[]> sorted = new ArrayList<>(points);
        sorted.sort((p, q) -> p[0] != q[0] ? Integer.compare(p[0], q[0]) : Integer.compare(p[1], q[1]));
        if (sorted.size() < 3) {
            return sorted;
        }
        int[][] chain = new int[2 * sorted.size()][];
        int k = 0;
        for (int[] p : sorted) {
            while (k >= 2 && cross(chain[k - 2], chain[k - 1], p) <= 0) {
                k--;
            }
            chain[k++] = p;
        }
        for (int i = sorted.size() - 2, lower = k + 1; i >= 0; i--) {
            int[] p = sorted.get(i);
            while (k >= lower && cross(chain[k - 2], chain[k - 1], p) <= 0) {
                k--;
            }
            chain[k++] = p;
        }
        List<int[]> hull = new ArrayList<>();
        for (int i = 0; i < k - 1; i++) {
            hull.add(chain[i]);
        }
        return hull;
    }

    private static long cross(int[] o, int[] a, int[] b) {
        return (long) (a[0] - o[0]) * (b[1] - o[1]) - (long) (a[1] - o[1]) * (b[0] - o[0]);
    }

    private static float bilinear(float[] values, int width, double x, double y) {
        int x0 = (int) x;
        int y0 = (int) y;
        double fx = x - x0;
        double fy = y - y0;
        int k = y0 * width + x0;
        double top = values[k] + fx * (values[k + 1] - values[k]);
        double bottom = values[k + width] + fx * (values[k + width + 1] - values[k + width]);
        return (float) (top + fy * (bottom - top));
    }

    /** Summed-area table with a zero first row and column: {@code (w + 1) × (h + 1)}. */
    private static double[] integral(float[] values, int w, int h) {
        double[] s = new double[(w + 1) * (h + 1)];
        for (int y = 0; y < h; y++) {
            double row = 0;
            for (int x = 0; x < w; x++) {
                row += values[y * w + x];
                s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1] + row;
            }
        }
        return s;
    }

    private static double box(double[] s, int stride, int x0, int y0, int x1, int y1) {
        return s[y1 * stride + x1] - s[y0 * stride + x1] - s[y1 * stride + x0] + s[y0 * stride + x0];
    }

    /** A rectangle of plane pixels. */
    record Box(int x, int y, int width, int height) {
    }

    /**
     * One side's mask: {@code mask} over {@code region}, row-major, and how many of its pixels correlate
     * densely ({@code correlating}; the rest are the hull's filling).
     */
    record SideMask(Box region, boolean[] mask, int correlating) {

        int area() {
            int n = 0;
            for (boolean b : mask) {
                n += b ? 1 : 0;
            }
            return n;
        }

        boolean contains(int x, int y) {
            int i = x - region.x();
            int j = y - region.y();
            return i >= 0 && j >= 0 && i < region.width() && j < region.height() && mask[j * region.width() + i];
        }
    }
}
