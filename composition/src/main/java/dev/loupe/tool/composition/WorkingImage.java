package dev.loupe.tool.composition;

import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.RgbRows;

/**
 * The image averaged down by a whole factor to at most {@link #MAX_SIDE} pixels on its longer side,
 * as three float planes (0–255). Composition is about large shapes; measuring it at this size costs
 * milliseconds, and a whole-number factor keeps angles exactly as they are in the original.
 */
record WorkingImage(int width, int height, float[] red, float[] green, float[] blue) {

    static final int MAX_SIDE = 400;

    static WorkingImage of(PixelSource source) {
        int scale = Math.max(1, (int) Math.ceil(Math.max(source.width(), source.height()) / (double) MAX_SIDE));
        int w = Math.max(1, source.width() / scale);
        int h = Math.max(1, source.height() / scale);
        float[] r = new float[w * h];
        float[] g = new float[w * h];
        float[] b = new float[w * h];
        int[] row = new int[source.width()];
        RgbRows.Source rows = source.rgbRows();
        for (int y = 0; y < h * scale; y++) {
            rows.read(y, row);
            int offset = (y / scale) * w;
            for (int x = 0; x < w * scale; x++) {
                int rgb = row[x];
                int i = offset + x / scale;
                r[i] += (rgb >> 16) & 255;
                g[i] += (rgb >> 8) & 255;
                b[i] += rgb & 255;
            }
        }
        float area = scale * scale;
        for (int i = 0; i < r.length; i++) {
            r[i] /= area;
            g[i] /= area;
            b[i] /= area;
        }
        return new WorkingImage(w, h, r, g, b);
    }

    int size() {
        return width * height;
    }

    /** Luminance (BT.601), 0–255. */
    float[] luma() {
        float[] luma = new float[size()];
        for (int i = 0; i < luma.length; i++) {
            luma[i] = 0.299f * red[i] + 0.587f * green[i] + 0.114f * blue[i];
        }
        return luma;
    }
}
