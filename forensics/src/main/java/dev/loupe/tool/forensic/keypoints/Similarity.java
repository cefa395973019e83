package dev.loupe.tool.forensic.keypoints;

/**
 * A similarity transform of the plane: {@code x' = a·x − b·y + tx}, {@code y' = b·x + a·y + ty}
 * (rotation by atan2(b, a), uniform scale hypot(a, b), then a shift), as RANSAC fits it between
 * matched keypoints.
 */
record Similarity(double a, double b, double tx, double ty) {

    double x(double x, double y) {
        return a * x - b * y + tx;
    }

    double y(double x, double y) {
        return b * x + a * y + ty;
    }

    /** The transform back: {@code inverse().x(x(p), y(p)) == p.x}. */
    Similarity inverse() {
        double d = a * a + b * b;
        double ia = a / d;
        double ib = -b / d;
        return new Similarity(ia, ib, -(ia * tx - ib * ty), -(ib * tx + ia * ty));
    }

    double degrees() {
        return Math.toDegrees(Math.atan2(b, a));
    }

    double scale() {
        return Math.hypot(a, b);
    }
}
