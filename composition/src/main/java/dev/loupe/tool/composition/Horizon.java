package dev.loupe.tool.composition;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The horizon: the strongest long, near-level edge (within {@link #MAX_TILT} degrees of level),
 * found with a Hough transform over edges that run near-horizontally, then fitted to sub-pixel
 * edge positions column by column (least squares, outliers dropped), which is what makes a tilt of
 * a fraction of a degree measurable on a 400-pixel image.
 *
 * @param tiltDegrees positive when the line rises to the right (the picture needs turning clockwise)
 * @param y           where the line crosses the frame's vertical centre line, 0 at the top, 1 at the bottom
 * @param coverage    the share of the frame's width along which the edge was found
 * @param reason      when none was found, why: no long level line, or a line with no sky above it
 */
record Horizon(boolean found, double tiltDegrees, double y, double coverage, String reason) {

    static final double MAX_TILT = 20;
    private static final double STEP = 0.25;
    /** A horizon runs across at least this share of the frame. */
    private static final double MIN_COVERAGE = 0.5;
    /** How many of the strongest level lines are tried as the horizon. */
    private static final int CANDIDATES = 5;

    static Horizon of(WorkingImage image, EdgeField edges) {
        int w = edges.width;
        int h = edges.height;
        int angles = (int) Math.round(2 * MAX_TILT / STEP) + 1;
        double[] slopes = new double[angles];
        for (int a = 0; a < angles; a++) {
            slopes[a] = Math.tan(Math.toRadians(-MAX_TILT + a * STEP));
        }
        int offset = (int) Math.ceil(w * slopes[angles - 1]) + 1;
        int bins = h + 2 * offset;
        float[] votes = new float[angles * bins];
        double nearLevel = Math.tan(Math.toRadians(MAX_TILT + 5));
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                if (!edges.strong(i) || Math.abs(edges.gx[i]) > Math.abs(edges.gy[i]) * nearLevel) {
                    continue;
                }
                for (int a = 0; a < angles; a++) {
                    int b = (int) Math.round(y - x * slopes[a]) + offset;
                    votes[a * bins + b] += edges.magnitude[i];
                }
            }
        }
        // The strongest level line is often not the horizon (a table edge, grass against sea): the
        // strongest few, at distinct heights, are tried in turn, and the first with sky above it is it.
        List<Integer> peaks = peaks(votes, bins, h);
        if (peaks.isEmpty()) {
            return new Horizon(false, 0, 0, 0, "no long level line in the frame");
        }
        Horizon strongest = null;
        for (int peak : peaks) {
            Horizon candidate = refine(image, edges, slopes[peak / bins], peak % bins - offset);
            if (candidate.found()) {
                return candidate;
            }
            strongest = strongest == null ? candidate : strongest;
        }
        return strongest;
    }

    /** The best {@value #CANDIDATES} Hough cells, strongest first, each at least a twentieth of the height from the others. */
    private static List<Integer> peaks(float[] votes, int bins, int height) {
        List<Integer> peaks = new ArrayList<>();
        while (peaks.size() < CANDIDATES) {
            int best = -1;
            for (int cell = 0; cell < votes.length; cell++) {
                if (votes[cell] > 0 && (best < 0 || votes[cell] > votes[best]) && apart(cell, peaks, bins, height)) {
                    best = cell;
                }
            }
            if (best < 0) {
                break;
            }
            peaks.add(best);
        }
        return peaks;
    }

    private static boolean apart(int cell, List<Integer> peaks, int bins, int height) {
        for (int peak : peaks) {
            if (Math.abs(peak % bins - cell % bins) <= height / 20) {
                return false;
            }
        }
        return true;
    }

    /** Fits {@code y = c + m·x} to the sub-pixel edge position in each column near the Hough line. */
    private static Horizon refine(WorkingImage image, EdgeField edges, double slope, double intercept) {
        double m = slope;
        double c = intercept;
        List<double[]> points = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            points = columnPoints(edges, m, c, round == 0 ? 3 : 2);
            if (points.size() < 2) {
                break;
            }
            double[] fit = fit(points);
            m = fit[0];
            c = fit[1];
        }
        double coverage = points.size() / (double) edges.width;
        if (coverage < MIN_COVERAGE) {
            return new Horizon(false, 0, 0, coverage, String.format(Locale.ROOT,
                    "no level line runs across the frame (the longest spans %.0f%%)", 100 * coverage));
        }
        var noSky = Sky.missingAbove(image, edges, m, c);
        if (noSky.isPresent()) {
            return new Horizon(false, 0, 0, coverage, noSky.get());
        }
        double tilt = -Math.toDegrees(Math.atan(m));
        return new Horizon(true, tilt, (c + m * edges.width / 2.0) / edges.height, coverage, null);
    }

    private static List<double[]> columnPoints(EdgeField edges, double m, double c, int band) {
        List<double[]> points = new ArrayList<>();
        for (int x = 1; x < edges.width - 1; x++) {
            int centre = (int) Math.round(c + m * x);
            int bestY = -1;
            float bestValue = EdgeField.STRONG / 2;
            for (int y = Math.max(1, centre - band); y <= Math.min(edges.height - 2, centre + band); y++) {
                float value = Math.abs(edges.gy[y * edges.width + x]);
                if (value > bestValue) {
                    bestValue = value;
                    bestY = y;
                }
            }
            if (bestY < 2 || bestY > edges.height - 3) {
                continue;
            }
            double above = Math.abs(edges.gy[(bestY - 1) * edges.width + x]);
            double below = Math.abs(edges.gy[(bestY + 1) * edges.width + x]);
            double curvature = above - 2 * bestValue + below;
            double shift = curvature < 0 ? 0.5 * (above - below) / curvature : 0;
            points.add(new double[]{x, bestY + Math.max(-0.5, Math.min(0.5, shift))});
        }
        return points;
    }

    /** Least squares slope and intercept. */
    private static double[] fit(List<double[]> points) {
        double n = points.size();
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (double[] p : points) {
            sx += p[0];
            sy += p[1];
            sxx += p[0] * p[0];
            sxy += p[0] * p[1];
        }
        double denominator = n * sxx - sx * sx;
        double m = denominator == 0 ? 0 : (n * sxy - sx * sy) / denominator;
        return new double[]{m, (sy - m * sx) / n};
    }
}
