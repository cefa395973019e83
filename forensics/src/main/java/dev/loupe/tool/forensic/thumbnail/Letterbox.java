package dev.loupe.tool.forensic.thumbnail;

import java.awt.image.BufferedImage;

/**
 * Finds the picture inside a thumbnail that cameras pad to a fixed size (160×120 for a 3:2 photo has
 * black bars above and below). A bar is a run of edge rows or columns that are dark and uniform.
 */
final class Letterbox {

    private static final double MAX_BAR_MEAN = 24;
    private static final double MAX_BAR_STD = 8;

    private Letterbox() {
    }

    /** {x, y, width, height} of the content; the whole thumbnail when it has no bars. */
    static int[] content(BufferedImage thumb) {
        int w = thumb.getWidth();
        int h = thumb.getHeight();
        int top = 0;
        while (top < h / 3 && isBar(thumb, 0, top, w, 1)) {
            top++;
        }
        int bottom = h;
        while (bottom > h - h / 3 && isBar(thumb, 0, bottom - 1, w, 1)) {
            bottom--;
        }
        int left = 0;
        while (left < w / 3 && isBar(thumb, left, top, 1, bottom - top)) {
            left++;
        }
        int right = w;
        while (right > w - w / 3 && isBar(thumb, right - 1, top, 1, bottom - top)) {
            right--;
        }
        // cameras pad symmetrically; a dark edge on one side only is picture, not padding
        if (Math.abs(top - (h - bottom)) > 2) {
            top = 0;
            bottom = h;
        }
        if (Math.abs(left - (w - right)) > 2) {
            left = 0;
            right = w;
        }
        return new int[]{left, top, right - left, bottom - top};
    }

    private static boolean isBar(BufferedImage image, int x0, int y0, int width, int height) {
        if (width <= 0 || height <= 0) {
            return false;
        }
        double sum = 0;
        double squares = 0;
        int n = 0;
        for (int y = y0; y < y0 + height; y++) {
            for (int x = x0; x < x0 + width; x++) {
                int p = image.getRGB(x, y);
                double v = (((p >> 16) & 255) + ((p >> 8) & 255) + (p & 255)) / 3.0;
                sum += v;
                squares += v * v;
                n++;
            }
        }
        double mean = sum / n;
        double std = Math.sqrt(Math.max(0, squares / n - mean * mean));
        return mean <= MAX_BAR_MEAN && std <= MAX_BAR_STD;
    }
}
