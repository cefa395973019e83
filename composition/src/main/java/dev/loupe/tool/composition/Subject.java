package dev.loupe.tool.composition;

import java.util.List;
import java.util.Locale;

/**
 * The subject: the faces when there are any (their area-weighted centre and their share of the
 * frame), else where the salient mass gathers — the pixels more than twice as salient as the average
 * (Achanta's adaptive threshold), their saliency-weighted centre as fractions of the frame (0,0 top
 * left), and their share of the frame. Salient pixels that cover almost nothing are specks, not a
 * subject: then none is found, and {@code reason} says so, rather than a critique of a speck.
 *
 * @param source {@code faces} or {@code saliency}: what the subject was found from
 * @param reason when none was found, why
 */
record Subject(boolean found, double x, double y, double size, String source, String reason) {

    /** Nearest thirds crossing and centre within this fraction of the frame count as "on" them. */
    static final double ON_POINT = 0.08;
    /** Salient pixels covering less of the frame than this are scattered specks, not a subject. */
    static final double MIN_SALIENT_SHARE = 0.01;

    static Subject ofFaces(List<double[]> faces) {
        double area = 0;
        double sx = 0;
        double sy = 0;
        for (double[] box : faces) {
            double a = (box[2] - box[0]) * (box[3] - box[1]);
            area += a;
            sx += a * (box[0] + box[2]) / 2;
            sy += a * (box[1] + box[3]) / 2;
        }
        return new Subject(true, sx / area, sy / area, area, "faces", null);
    }

    static Subject of(float[] saliency, int width, int height) {
        double mean = Saliency.mean(saliency);
        double threshold = 2 * mean;
        double weight = 0;
        double sx = 0;
        double sy = 0;
        int count = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                float s = saliency[y * width + x];
                if (s > threshold && s > 0) {
                    weight += s;
                    sx += s * (x + 0.5);
                    sy += s * (y + 0.5);
                    count++;
                }
            }
        }
        double share = count / (double) saliency.length;
        if (count == 0) {
            return new Subject(false, 0.5, 0.5, 0, "saliency", "no face, and nothing stands out from the frame in colour or tone");
        }
        if (share < MIN_SALIENT_SHARE) {
            return new Subject(false, 0.5, 0.5, 0, "saliency", String.format(Locale.ROOT, "no face, and what stands out covers "
                    + "%.1f%% of the frame: specks", 100 * share));
        }
        return new Subject(true, sx / weight / width, sy / weight / height, share, "saliency", null);
    }

    /** Distance to the nearest of the four thirds crossings, in fractions of the frame. */
    double thirdsDistance() {
        double dx = Math.min(Math.abs(x - 1 / 3.0), Math.abs(x - 2 / 3.0));
        double dy = Math.min(Math.abs(y - 1 / 3.0), Math.abs(y - 2 / 3.0));
        return Math.hypot(dx, dy);
    }

    double centreDistance() {
        return Math.hypot(x - 0.5, y - 0.5);
    }

    /** {@code thirds}, {@code centre}, {@code off_grid}, or {@code none} when nothing stands out. */
    String placement() {
        if (!found) {
            return "none";
        }
        if (centreDistance() < ON_POINT && centreDistance() <= thirdsDistance()) {
            return "centre";
        }
        return thirdsDistance() < ON_POINT ? "thirds" : "off_grid";
    }

    /** The nearest thirds crossing: {@code upper_left}, {@code upper_right}, {@code lower_left}, {@code lower_right}. */
    String nearestThird() {
        return (y < 0.5 ? "upper_" : "lower_") + (x < 0.5 ? "left" : "right");
    }
}
