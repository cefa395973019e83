package dev.loupe.tool.composition;

import java.util.ArrayList;
import java.util.List;

/**
 * Long diagonal lines — roads, rails, shorelines seen at an angle — found with a ρ–θ Hough
 * transform over diagonal edges (each edge votes only near its own orientation), at most three,
 * each long enough to span a quarter of the frame's shorter side; and how many of them, extended,
 * pass close to the subject.
 *
 * @param count          diagonal lines found
 * @param towardSubject  how many pass within {@link #NEAR_SUBJECT} of the subject's centre (as a share of the diagonal)
 */
record LeadingLines(int count, int towardSubject) {

    static final double NEAR_SUBJECT = 0.06;
    private static final int MAX_LINES = 3;

    static LeadingLines of(EdgeField edges, Subject subject) {
        int w = edges.width;
        int h = edges.height;
        int diagonal = (int) Math.ceil(Math.hypot(w, h));
        int rhos = 2 * diagonal + 1;
        float[] votes = new float[180 * rhos];
        double[] cos = new double[180];
        double[] sin = new double[180];
        for (int t = 0; t < 180; t++) {
            cos[t] = Math.cos(Math.toRadians(t));
            sin[t] = Math.sin(Math.toRadians(t));
        }
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                if (!edges.strong(i)) {
                    continue;
                }
                int normal = (int) Math.round(Math.toDegrees(Math.atan2(edges.gy[i], edges.gx[i])));
                for (int d = -6; d <= 6; d++) {
                    int t = Math.floorMod(normal + d, 180);
                    if (!diagonal(t)) {
                        continue;
                    }
                    int rho = (int) Math.round(x * cos[t] + y * sin[t]) + diagonal;
                    votes[t * rhos + rho] += 1;
                }
            }
        }
        double minimum = 0.25 * Math.min(w, h);
        int count = 0;
        int toward = 0;
        List<int[]> taken = new ArrayList<>();
        for (int line = 0; line < MAX_LINES; line++) {
            int best = -1;
            for (int i = 0; i < votes.length; i++) {
                if (votes[i] >= minimum && (best < 0 || votes[i] > votes[best]) && !near(taken, i / rhos, i % rhos)) {
                    best = i;
                }
            }
            if (best < 0) {
                break;
            }
            int t = best / rhos;
            int rho = best % rhos - diagonal;
            taken.add(new int[]{t, best % rhos});
            count++;
            double px = subject.x() * w;
            double py = subject.y() * h;
            if (subject.found() && Math.abs(px * cos[t] + py * sin[t] - rho) / diagonal < NEAR_SUBJECT) {
                toward++;
            }
        }
        return new LeadingLines(count, toward);
    }

    /** Normals between 20° and 70° from either axis: lines that run diagonally. */
    private static boolean diagonal(int theta) {
        int folded = theta % 90;
        return folded >= 20 && folded <= 70;
    }

    private static boolean near(List<int[]> taken, int theta, int rho) {
        for (int[] line : taken) {
            int dt = Math.abs(line[0] - theta);
            if (Math.min(dt, 180 - dt) <= 8 && Math.abs(line[1] - rho) <= 15) {
                return true;
            }
        }
        return false;
    }
}
