package dev.loupe.tool.forensic.thumbnail;

/** Per-pixel colour difference between two pictures of the same size, after tone matching and a light blur. */
final class DifferenceMap {

    static final int BLUR_RADIUS = 2;

    private DifferenceMap() {
    }

    /** (|ΔR| + |ΔG| + |ΔB|) / 3 per pixel, the thumbnail's channels matched to the image's mean and spread. */
    static float[] of(RgbGrid image, RgbGrid thumbnail) {
        int w = image.width();
        int h = image.height();
        float[] out = new float[w * h];
        accumulate(out, boxMean(image.r(), w, h, BLUR_RADIUS), boxMean(thumbnail.r(), w, h, BLUR_RADIUS));
        accumulate(out, boxMean(image.g(), w, h, BLUR_RADIUS), boxMean(thumbnail.g(), w, h, BLUR_RADIUS));
        accumulate(out, boxMean(image.b(), w, h, BLUR_RADIUS), boxMean(thumbnail.b(), w, h, BLUR_RADIUS));
        for (int i = 0; i < out.length; i++) {
            out[i] /= 3;
        }
        return out;
    }

    static double mean(float[] map) {
        double sum = 0;
        for (float v : map) {
            sum += v;
        }
        return map.length == 0 ? 0 : sum / map.length;
    }

    /** The mean of the map's lower {@code share} of values: what most of the picture leaves, whatever a pasted region adds. */
    static double trimmedMean(float[] map, double share) {
        int n = (int) (map.length * share);
        if (n == 0) {
            return 0;
        }
        float[] sorted = map.clone();
        java.util.Arrays.sort(sorted);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += sorted[i];
        }
        return sum / n;
    }

    /** Mean of the map over {@code cell × cell} squares. */
    static float[] cellMeans(float[] map, int w, int h, int cell, int columns, int rows) {
        float[] cells = new float[columns * rows];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                float sum = 0;
                for (int y = r * cell; y < (r + 1) * cell; y++) {
                    for (int x = c * cell; x < (c + 1) * cell; x++) {
                        sum += map[y * w + x];
                    }
                }
                cells[r * columns + c] = sum / (cell * cell);
            }
        }
        return cells;
    }

    private static void accumulate(float[] out, float[] image, float[] thumb) {
        double mi = mean(image);
        double mt = mean(thumb);
        double vi = 0, vt = 0;
        for (int i = 0; i < image.length; i++) {
            vi += (image[i] - mi) * (image[i] - mi);
            vt += (thumb[i] - mt) * (thumb[i] - mt);
        }
        double gain = vt < 1e-6 ? 1 : Math.sqrt(vi / vt);
        // a tone curve, not a different picture: keep the gain within reason
        gain = Math.max(0.5, Math.min(2.0, gain));
        for (int i = 0; i < image.length; i++) {
            double matched = (thumb[i] - mt) * gain + mi;
            out[i] += (float) Math.abs(image[i] - matched);
        }
    }

    /**
     * The mean of each pixel's box of {@code radius} (edges use the neighbours they have). At
     * {@value #BLUR_RADIUS} the blur that evens out camera thumbnails' sharpening against the soft scaled image.
     */
    static float[] boxMean(float[] v, int w, int h, int radius) {
        float[] out = new float[v.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float sum = 0;
                int n = 0;
                for (int dy = -radius; dy <= radius; dy++) {
                    int yy = y + dy;
                    if (yy < 0 || yy >= h) {
                        continue;
                    }
                    for (int dx = -radius; dx <= radius; dx++) {
                        int xx = x + dx;
                        if (xx >= 0 && xx < w) {
                            sum += v[yy * w + xx];
                            n++;
                        }
                    }
                }
                out[y * w + x] = sum / n;
            }
        }
        return out;
    }
}
