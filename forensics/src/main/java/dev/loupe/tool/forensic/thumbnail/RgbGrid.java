package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.image.jpeg.FastInverseDct;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.RgbRows;

import java.awt.image.BufferedImage;

/**
 * A small RGB picture as three float planes, made by averaging the source pixels that fall in each
 * cell. Large images are sampled on a sparse lattice (a requested number of samples per cell along
 * each axis), which keeps a 24-megapixel image to a few hundred thousand reads.
 *
 * @param width  columns
 * @param height rows
 * @param r      red, row-major, 0–255
 * @param g      green
 * @param b      blue
 */
record RgbGrid(int width, int height, float[] r, float[] g, float[] b) {

    /** The whole image averaged down to {@code width × height}, about {@code samples}² reads per cell. */
    static RgbGrid scaled(PixelSource image, int width, int height, int samples) {
        int w = image.width();
        int h = image.height();
        float[] r = new float[width * height];
        float[] g = new float[width * height];
        float[] b = new float[width * height];
        int[] counts = new int[width * height];
        int stepX = Math.max(1, w / (width * samples));
        int stepY = Math.max(1, h / (height * samples));
        RgbRows.Source source = image.rgbRows();
        int[] row = new int[w];
        for (int y = stepY / 2; y < h; y += stepY) {
            source.read(y, row, stepX / 2, stepX);
            int cy = (int) ((long) y * height / h);
            for (int x = stepX / 2; x < w; x += stepX) {
                int cell = cy * width + (int) ((long) x * width / w);
                int p = row[x];
                r[cell] += (p >> 16) & 255;
                g[cell] += (p >> 8) & 255;
                b[cell] += p & 255;
                counts[cell]++;
            }
        }
        for (int i = 0; i < counts.length; i++) {
            float n = Math.max(1, counts[i]);
            r[i] /= n;
            g[i] /= n;
            b[i] /= n;
        }
        return new RgbGrid(width, height, r, g, b);
    }

    /**
     * A JPEG's planes averaged down to {@code width × height} without converting a pixel to RGB: the
     * luminance sampled as {@link #scaled(PixelSource, int, int, int)} samples it, the chroma read once
     * per cell from the block means (each chroma block's DC term, the 1/8 or 1/16 picture the file
     * carries) at the cell's centre, and each cell turned to RGB by the JFIF equations. A grid finer than
     * the blocks would be no better than the block means it interpolates; at thumbnail size and four
     * times finer it matches the converted pixels' average to a fraction of a level.
     */
    static RgbGrid scaled(DecodedPlanes planes, int width, int height, int samples) {
        int w = planes.width();
        int h = planes.height();
        float[] luma = new float[width * height];
        int[] counts = new int[width * height];
        short[] samplesY = planes.luma();
        int stepX = Math.max(1, w / (width * samples));
        int stepY = Math.max(1, h / (height * samples));
        int[] columnCell = new int[w];
        for (int x = 0; x < w; x++) {
            columnCell[x] = (int) ((long) x * width / w);
        }
        for (int y = stepY / 2; y < h; y += stepY) {
            int row = (int) ((long) y * height / h) * width;
            for (int x = stepX / 2, i = y * w + x; x < w; x += stepX, i += stepX) {
                luma[row + columnCell[x]] += samplesY[i];
                counts[row + columnCell[x]]++;
            }
        }
        float[] r = new float[width * height];
        float[] g = new float[width * height];
        float[] b = new float[width * height];
        // where each cell's centre falls between block centres, per column and per row: worked out once,
        // not twice per cell (it was a quarter of the tool's time on a 24 MP file)
        Taps cbX = planes.colour() ? Taps.along(width, w, planes.cb().blockWidth(), planes.cb().columns()) : null;
        Taps cbY = planes.colour() ? Taps.along(height, h, planes.cb().blockHeight(), planes.cb().rows()) : null;
        Taps crX = planes.colour() ? Taps.along(width, w, planes.cr().blockWidth(), planes.cr().columns()) : null;
        Taps crY = planes.colour() ? Taps.along(height, h, planes.cr().blockHeight(), planes.cr().rows()) : null;
        for (int cy = 0; cy < height; cy++) {
            for (int cx = 0; cx < width; cx++) {
                int i = cy * width + cx;
                float l = luma[i] / (Math.max(1, counts[i]) * (float) FastInverseDct.ONE);
                if (!planes.colour()) {
                    r[i] = l;
                    g[i] = l;
                    b[i] = l;
                    continue;
                }
                float cb = at(planes.cb(), cbX, cbY, cx, cy) - 128f;
                float cr = at(planes.cr(), crX, crY, cx, cy) - 128f;
                r[i] = clamp(l + 1.402f * cr);
                g[i] = clamp(l - 0.344136f * cb - 0.714136f * cr);
                b[i] = clamp(l + 1.772f * cb);
            }
        }
        return new RgbGrid(width, height, r, g, b);
    }

    /** The block means interpolated bilinearly at the centre of cell (cx, cy), each mean at its block's centre. */
    private static float at(DecodedPlanes.BlockMeans means, Taps xs, Taps ys, int cx, int cy) {
        int x0 = xs.low()[cx];
        int x1 = xs.high()[cx];
        float ax = xs.weight()[cx];
        int y0 = ys.low()[cy];
        int y1 = ys.high()[cy];
        float ay = ys.weight()[cy];
        float[] m = means.means();
        int cols = means.columns();
        float top = m[y0 * cols + x0] * (1 - ax) + m[y0 * cols + x1] * ax;
        float bottom = m[y1 * cols + x0] * (1 - ax) + m[y1 * cols + x1] * ax;
        return top * (1 - ay) + bottom * ay;
    }

    /**
     * Along one axis, for each of {@code cells} cells spread over {@code pixels} pixels: the two block
     * means around the cell's centre and the weight of the second (blocks of {@code block} pixels,
     * {@code blocks} of them; beyond the outer centres the edge mean holds).
     */
    private record Taps(int[] low, int[] high, float[] weight) {

        static Taps along(int cells, int pixels, int block, int blocks) {
            int[] low = new int[cells];
            int[] high = new int[cells];
            float[] weight = new float[cells];
            for (int c = 0; c < cells; c++) {
                double centre = (c + 0.5) * pixels / cells;
                double f = Math.max(0, Math.min(blocks - 1, centre / block - 0.5));
                low[c] = (int) f;
                high[c] = Math.min(blocks - 1, low[c] + 1);
                weight[c] = (float) (f - low[c]);
            }
            return new Taps(low, high, weight);
        }
    }

    private static float clamp(float v) {
        return Math.max(0f, Math.min(255f, v));
    }

    /** The pixels of a small decoded picture (a thumbnail) inside the given rectangle. */
    static RgbGrid crop(BufferedImage image, int x0, int y0, int width, int height) {
        float[] r = new float[width * height];
        float[] g = new float[width * height];
        float[] b = new float[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int p = image.getRGB(x0 + x, y0 + y);
                int i = y * width + x;
                r[i] = (p >> 16) & 255;
                g[i] = (p >> 8) & 255;
                b[i] = p & 255;
            }
        }
        return new RgbGrid(width, height, r, g, b);
    }

    /** This grid turned clockwise by {@code quarterTurns} × 90°. */
    RgbGrid rotated(int quarterTurns) {
        int turns = Math.floorMod(quarterTurns, 4);
        if (turns == 0) {
            return this;
        }
        int nw = turns % 2 == 0 ? width : height;
        int nh = turns % 2 == 0 ? height : width;
        float[] nr = new float[r.length];
        float[] ng = new float[g.length];
        float[] nb = new float[b.length];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int u;
                int v;
                switch (turns) {
                    case 1 -> { u = height - 1 - y; v = x; }
                    case 2 -> { u = width - 1 - x; v = height - 1 - y; }
                    default -> { u = y; v = width - 1 - x; }
                }
                int from = y * width + x;
                int to = v * nw + u;
                nr[to] = r[from];
                ng[to] = g[from];
                nb[to] = b[from];
            }
        }
        return new RgbGrid(nw, nh, nr, ng, nb);
    }
}
