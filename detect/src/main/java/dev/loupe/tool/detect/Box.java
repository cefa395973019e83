package dev.loupe.tool.detect;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Comparator;
import java.util.Locale;
import java.util.Objects;

/**
 * One box on an image in normalised coordinates: {@code (x1, y1)} the top-left and {@code (x2, y2)}
 * the bottom-right corner, each in [0, 1] of the image's width or height, so the same box fits the
 * image at any resolution.
 *
 * @param label what the box holds ("face")
 * @param score the detector's strength in [0, 1], or 1 for a box someone gave
 */
public record Box(String label, double score, double x1, double y1, double x2, double y2) {

    /** Highest score first; ties left to right, then top to bottom, so the order is deterministic. */
    public static final Comparator<Box> BY_SCORE = Comparator.comparingDouble((Box b) -> -b.score())
            .thenComparingDouble(Box::x1).thenComparingDouble(Box::y1).thenComparing(Box::label);

    public Box {
        Objects.requireNonNull(label, "label");
        for (double v : new double[] {score, x1, y1, x2, y2}) {
            if (!(v >= 0 && v <= 1)) {
                throw new IllegalArgumentException("box values must lie in [0, 1]: " + v);
            }
        }
        if (x2 < x1 || y2 < y1) {
            throw new IllegalArgumentException("box corners out of order: " + x1 + "," + y1 + "," + x2 + "," + y2);
        }
    }

    /** The box of a pixel rectangle on an image of {@code width × height}, clamped to the image. */
    public static Box ofPixels(String label, double score, double left, double top, double right, double bottom,
                               int width, int height) {
        return new Box(label, round(score), clamp(round(left / width)), clamp(round(top / height)),
                clamp(round(right / width)), clamp(round(bottom / height)));
    }

    public double width() {
        return x2 - x1;
    }

    public double height() {
        return y2 - y1;
    }

    public double area() {
        return width() * height();
    }

    /** Intersection over union with {@code other}: 0 when they do not overlap, 1 when identical. */
    public double iou(Box other) {
        return iou(x1, y1, x2, y2, other.x1, other.y1, other.x2, other.y2);
    }

    /** Intersection over union of two rectangles given by their corners, in any one unit (pixels or fractions). */
    static double iou(double ax1, double ay1, double ax2, double ay2, double bx1, double by1, double bx2, double by2) {
        double w = Math.min(ax2, bx2) - Math.max(ax1, bx1);
        double h = Math.min(ay2, by2) - Math.max(ay1, by1);
        if (w <= 0 || h <= 0) {
            return 0;
        }
        double intersection = w * h;
        return intersection / ((ax2 - ax1) * (ay2 - ay1) + (bx2 - bx1) * (by2 - by1) - intersection);
    }

    public Box withLabel(String value) {
        return new Box(value, score, x1, y1, x2, y2);
    }

    /** {@code {"label": …, "score": …, "box": [x1, y1, x2, y2]}}. */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("label", label);
        node.put("score", score);
        node.putArray("box").add(x1).add(y1).add(x2).add(y2);
        return node;
    }

    /** One line a model or a person can read: {@code face 0.870 [0.2637, 0.1240, 0.4268, 0.3574]}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s %.3f [%.4f, %.4f, %.4f, %.4f]", label, score, x1, y1, x2, y2);
    }

    static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }

    static double clamp(double value) {
        return Math.max(0, Math.min(1, value));
    }
}
