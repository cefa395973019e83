package dev.loupe.tool.composition;

/**
 * Where the salient mass gathers: the pixels more than twice as salient as the average (Achanta's
 * adaptive threshold), their saliency-weighted centre as fractions of the frame (0,0 top left), and
 * their share of the frame.
 */
record Subject(boolean found, double x, double y, double size) {

    /** Nearest thirds crossing and centre within this fraction of the frame count as "on" them. */
    static final double ON_POINT = 0.08;

    static Subject of(float[] saliency, int width, int height) {
        double mean = 0;
        for (float s : saliency) {
            mean += s;
        }
        mean /= saliency.length;
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
        if (count == 0) {
            return new Subject(false, 0.5, 0.5, 0);
        }
        return new Subject(true, sx / weight / width, sy / weight / height, count / (double) saliency.length);
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
