package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.image.jpeg.FastInverseDct;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

class RgbGridTest {

    /** The taps worked out once per column and row give the very floats of the per-cell interpolation. */
    @Test
    void the_planes_grid_equals_the_per_cell_interpolation_bit_for_bit() {
        byte[] bytes = PhotoFixtures.resource(PhotoFixtures.NIKON);
        LoadedImage image = PhotoFixtures.loaded("photo.jpg", bytes);
        DecodedPlanes planes = CoefficientPass.planes(image);
        assertNotNull(planes);
        for (int[] size : new int[][] {{160, 120}, {97, 61}, {640, 427}}) {
            RgbGrid grid = RgbGrid.scaled(planes, size[0], size[1], 2);
            RgbGrid expected = perCell(planes, size[0], size[1]);

            assertArrayEquals(expected.r(), grid.r(), "red at " + size[0] + "x" + size[1]);
            assertArrayEquals(expected.g(), grid.g(), "green at " + size[0] + "x" + size[1]);
            assertArrayEquals(expected.b(), grid.b(), "blue at " + size[0] + "x" + size[1]);
        }
        CoefficientPass.release(image);
    }

    /**
     * The colour of each cell as RgbGrid computed it before the taps: the chroma interpolated at the
     * cell's centre in image coordinates, cell by cell, with the luminance sampled as it samples it.
     */
    private static RgbGrid perCell(DecodedPlanes planes, int width, int height) {
        int w = planes.width();
        int h = planes.height();
        float[] luma = luminance(planes, width, height, 2);
        float[] r = new float[width * height];
        float[] g = new float[width * height];
        float[] b = new float[width * height];
        for (int cy = 0; cy < height; cy++) {
            double py = (cy + 0.5) * h / height;
            for (int cx = 0; cx < width; cx++) {
                int i = cy * width + cx;
                double px = (cx + 0.5) * w / width;
                float cb = at(planes.cb(), px, py) - 128f;
                float cr = at(planes.cr(), px, py) - 128f;
                float l = luma[i];
                r[i] = clamp(l + 1.402f * cr);
                g[i] = clamp(l - 0.344136f * cb - 0.714136f * cr);
                b[i] = clamp(l + 1.772f * cb);
            }
        }
        return new RgbGrid(width, height, r, g, b);
    }

    /** The luminance sampling of RgbGrid.scaled, unchanged by the taps. */
    private static float[] luminance(DecodedPlanes planes, int width, int height, int samples) {
        int w = planes.width();
        int h = planes.height();
        float[] luma = new float[width * height];
        int[] counts = new int[width * height];
        short[] y = planes.luma();
        int stepX = Math.max(1, w / (width * samples));
        int stepY = Math.max(1, h / (height * samples));
        for (int row = stepY / 2; row < h; row += stepY) {
            int cellRow = (int) ((long) row * height / h) * width;
            for (int x = stepX / 2; x < w; x += stepX) {
                luma[cellRow + (int) ((long) x * width / w)] += y[row * w + x];
                counts[cellRow + (int) ((long) x * width / w)]++;
            }
        }
        for (int i = 0; i < luma.length; i++) {
            luma[i] = luma[i] / (Math.max(1, counts[i]) * (float) FastInverseDct.ONE);
        }
        return luma;
    }

    private static float at(DecodedPlanes.BlockMeans means, double px, double py) {
        double fx = Math.max(0, Math.min(means.columns() - 1, px / means.blockWidth() - 0.5));
        double fy = Math.max(0, Math.min(means.rows() - 1, py / means.blockHeight() - 0.5));
        int x0 = (int) fx;
        int y0 = (int) fy;
        int x1 = Math.min(means.columns() - 1, x0 + 1);
        int y1 = Math.min(means.rows() - 1, y0 + 1);
        float ax = (float) (fx - x0);
        float ay = (float) (fy - y0);
        float[] m = means.means();
        int cols = means.columns();
        float top = m[y0 * cols + x0] * (1 - ax) + m[y0 * cols + x1] * ax;
        float bottom = m[y1 * cols + x0] * (1 - ax) + m[y1 * cols + x1] * ax;
        return top * (1 - ay) + bottom * ay;
    }

    private static float clamp(float v) {
        return Math.max(0f, Math.min(255f, v));
    }
}
