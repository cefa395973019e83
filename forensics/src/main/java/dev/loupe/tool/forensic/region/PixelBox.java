package dev.loupe.tool.forensic.region;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An axis-aligned rectangle in full-image pixel coordinates.
 *
 * @param x      left column
 * @param y      top row
 * @param width  columns covered
 * @param height rows covered
 */
public record PixelBox(int x, int y, int width, int height) {

    public long area() {
        return (long) width * height;
    }

    /** The area both boxes cover. */
    public long intersection(PixelBox other) {
        long w = Math.min(x + width, other.x + other.width) - Math.max(x, other.x);
        long h = Math.min(y + height, other.y + other.height) - Math.max(y, other.y);
        return w <= 0 || h <= 0 ? 0 : w * h;
    }

    /** Intersection over union, 0 for disjoint boxes. */
    public double iou(PixelBox other) {
        long inter = intersection(other);
        long union = area() + other.area() - inter;
        return union == 0 ? 0 : (double) inter / union;
    }

    /** This box moved by (dx, dy). */
    public PixelBox shifted(int dx, int dy) {
        return new PixelBox(x + dx, y + dy, width, height);
    }

    /** This box clipped to an image of the given size. */
    public PixelBox clippedTo(int imageWidth, int imageHeight) {
        int x0 = Math.max(0, x);
        int y0 = Math.max(0, y);
        int x1 = Math.min(imageWidth, x + width);
        int y1 = Math.min(imageHeight, y + height);
        return new PixelBox(x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0));
    }

    /** Writes x, y, width and height into {@code node}. */
    public ObjectNode writeTo(ObjectNode node) {
        return node.put("x", x).put("y", y).put("width", width).put("height", height);
    }

    @Override
    public String toString() {
        return width + "x" + height + " at (" + x + ", " + y + ")";
    }
}
