package dev.loupe.tool.detect;

/**
 * One face the BlazeFace model found, in pixels of the image it ran on, before any box convention is
 * applied.
 *
 * @param score     the model's probability that the box holds a face
 * @param keypoints six {@code (x, y)} pairs in pixels: the eyes (the person's right eye first, so the
 *                  one on the picture's left), the nose tip, the mouth's centre, the ear tragions
 */
public record FaceHit(double score, double x1, double y1, double x2, double y2, double[] keypoints) {

    /** Index of the person's right eye (the picture's left) in {@link #keypoints()} pairs. */
    public static final int RIGHT_EYE = 0;
    /** Index of the person's left eye. */
    public static final int LEFT_EYE = 1;

    public double width() {
        return x2 - x1;
    }

    public double height() {
        return y2 - y1;
    }

    public double keypointX(int index) {
        return keypoints[2 * index];
    }

    public double keypointY(int index) {
        return keypoints[2 * index + 1];
    }

    /** The same face on an image whose origin lies at {@code (-dx, -dy)} of this one's. */
    FaceHit shifted(double dx, double dy) {
        double[] moved = keypoints.clone();
        for (int i = 0; i < moved.length; i += 2) {
            moved[i] += dx;
            moved[i + 1] += dy;
        }
        return new FaceHit(score, x1 + dx, y1 + dy, x2 + dx, y2 + dy, moved);
    }

    /** Intersection over union of the two boxes. */
    public double iou(FaceHit other) {
        return Box.iou(x1, y1, x2, y2, other.x1, other.y1, other.x2, other.y2);
    }
}
