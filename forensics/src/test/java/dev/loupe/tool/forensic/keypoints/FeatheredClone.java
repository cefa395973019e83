package dev.loupe.tool.forensic.keypoints;

import java.awt.image.BufferedImage;

/**
 * An elliptical region of a picture copied elsewhere in it, rotated and scaled, its edge feathered over
 * three pixels (as the content set's copy-moves are made), with the copy's ground-truth mask.
 *
 * @param image the picture with the copy
 * @param copy  per pixel, row-major: whether at least half of it is the copy
 */
public record FeatheredClone(BufferedImage image, boolean[] copy) {

    /**
     * The ellipse of half-axes {@code a × b} around ({@code sx}, {@code sy}) of {@code base}, rotated by
     * {@code degrees}, scaled by {@code scale} and centred on ({@code tx}, {@code ty}), bilinear.
     */
    public static FeatheredClone of(BufferedImage base, double sx, double sy, double a, double b, double degrees, double scale,
                             double tx, double ty) {
        int w = base.getWidth();
        int h = base.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        boolean[] copy = new boolean[w * h];
        double cos = Math.cos(Math.toRadians(degrees));
        double sin = Math.sin(Math.toRadians(degrees));
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                // the source point of (x, y): back through the scale and rotation
                double u = ((x - tx) * cos + (y - ty) * sin) / scale;
                double v = (-(x - tx) * sin + (y - ty) * cos) / scale;
                double e = Math.sqrt(u * u / (a * a) + v * v / (b * b));
                double inside = (1 - e) * Math.min(a, b) * scale; // pixels inside the edge, roughly
                double alpha = Math.max(0, Math.min(1, 0.5 + inside / 3));
                int rgb = base.getRGB(x, y);
                if (alpha > 0) {
                    rgb = mix(rgb, bilinear(base, sx + u, sy + v), alpha);
                }
                out.setRGB(x, y, rgb);
                copy[y * w + x] = alpha >= 0.5;
            }
        }
        return new FeatheredClone(out, copy);
    }

    private static int bilinear(BufferedImage image, double x, double y) {
        int x0 = Math.max(0, Math.min(image.getWidth() - 2, (int) Math.floor(x)));
        int y0 = Math.max(0, Math.min(image.getHeight() - 2, (int) Math.floor(y)));
        double fx = Math.max(0, Math.min(1, x - x0));
        double fy = Math.max(0, Math.min(1, y - y0));
        int result = 0;
        for (int shift = 0; shift <= 16; shift += 8) {
            double top = (1 - fx) * channel(image.getRGB(x0, y0), shift) + fx * channel(image.getRGB(x0 + 1, y0), shift);
            double bottom = (1 - fx) * channel(image.getRGB(x0, y0 + 1), shift) + fx * channel(image.getRGB(x0 + 1, y0 + 1), shift);
            result |= (int) Math.round((1 - fy) * top + fy * bottom) << shift;
        }
        return result;
    }

    private static int mix(int under, int over, double alpha) {
        int result = 0;
        for (int shift = 0; shift <= 16; shift += 8) {
            result |= (int) Math.round((1 - alpha) * channel(under, shift) + alpha * channel(over, shift)) << shift;
        }
        return result;
    }

    private static int channel(int rgb, int shift) {
        return (rgb >> shift) & 255;
    }
}
