package dev.loupe.image.jpeg;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

/**
 * A reduced RGB image straight from a baseline JPEG's {@link DecodedPlanes}, without a second decode:
 * each output pixel's luminance is the mean of the full-resolution samples its box covers (an area
 * average, so nothing aliases however large the reduction), and its chroma the chroma block means
 * interpolated bilinearly at the box's centre, combined by the JFIF equations. At the sizes models
 * are sent (a few output pixels per chroma block) the block means are all the chroma there is to see.
 */
public final class PlaneDownscaler {

    private PlaneDownscaler() {
    }

    /** The planes reduced to {@code width × height} (at most their own size) as 8-bit RGB. */
    public static BufferedImage toRgb(DecodedPlanes planes, int width, int height) {
        if (width < 1 || height < 1 || width > planes.width() || height > planes.height()) {
            throw new IllegalArgumentException("cannot reduce " + planes.width() + "x" + planes.height() + " to " + width + "x" + height);
        }
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] out = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        int[] columns = bounds(planes.width(), width);
        int[] rows = bounds(planes.height(), height);
        long[] sums = new long[width];
        float[] cb = new float[width];
        float[] cr = new float[width];
        float[] centres = new float[width];
        for (int x = 0; x < width; x++) {
            centres[x] = (columns[x] + columns[x + 1]) / 2f;
        }
        Axis cbAcross = planes.colour() ? Axis.of(centres, planes.cb().blockWidth(), planes.cb().columns()) : null;
        Axis crAcross = planes.colour() ? Axis.of(centres, planes.cr().blockWidth(), planes.cr().columns()) : null;
        for (int y = 0; y < height; y++) {
            boxSums(planes, columns, rows[y], rows[y + 1], sums);
            float centreY = (rows[y] + rows[y + 1]) / 2f;
            if (planes.colour()) {
                interpolate(planes.cb(), cbAcross, centreY, cb);
                interpolate(planes.cr(), crAcross, centreY, cr);
            }
            int rowHeight = rows[y + 1] - rows[y];
            for (int x = 0, o = y * width; x < width; x++, o++) {
                float luma = sums[x] / ((float) rowHeight * (columns[x + 1] - columns[x]) * FastInverseDct.ONE);
                out[o] = planes.colour() ? rgb(luma, cb[x] - 128f, cr[x] - 128f) : grey(luma);
            }
        }
        return image;
    }

    /** Where each of {@code parts} boxes starts along a side of {@code length} samples, and the end. */
    private static int[] bounds(int length, int parts) {
        int[] bounds = new int[parts + 1];
        for (int i = 0; i <= parts; i++) {
            bounds[i] = (int) ((long) i * length / parts);
        }
        return bounds;
    }

    private static void boxSums(DecodedPlanes planes, int[] columns, int top, int bottom, long[] sums) {
        short[] luma = planes.luma();
        int w = planes.width();
        java.util.Arrays.fill(sums, 0);
        for (int y = top; y < bottom; y++) {
            int i = y * w;
            for (int x = 0; x < sums.length; x++) {
                int sum = 0;
                for (int end = y * w + columns[x + 1]; i < end; i++) {
                    sum += luma[i];
                }
                sums[x] += sum;
            }
        }
    }

    /**
     * Where points fall between block centres along one axis: the blocks before and after each point
     * and the weight of the one after. Made once per axis, as {@code Math.floor} per pixel costs more
     * than the interpolation itself.
     */
    private record Axis(int[] before, int[] after, float[] weight) {

        static Axis of(float[] points, int blockSize, int blocks) {
            int[] before = new int[points.length];
            int[] after = new int[points.length];
            float[] weight = new float[points.length];
            for (int i = 0; i < points.length; i++) {
                float f = points[i] / blockSize - 0.5f;
                int floor = (int) Math.floor(f);
                before[i] = clamp(floor, blocks);
                after[i] = clamp(floor + 1, blocks);
                weight[i] = f - floor;
            }
            return new Axis(before, after, weight);
        }
    }

    /** The block means at the points {@code across} of image row {@code y}, each mean sitting at its block's centre. */
    private static void interpolate(DecodedPlanes.BlockMeans means, Axis across, float y, float[] out) {
        Axis down = Axis.of(new float[]{y}, means.blockHeight(), means.rows());
        float[] m = means.means();
        int cols = means.columns();
        int top = down.before()[0] * cols;
        int bottom = down.after()[0] * cols;
        float ty = down.weight()[0];
        int[] c0 = across.before();
        int[] c1 = across.after();
        float[] tx = across.weight();
        for (int x = 0; x < out.length; x++) {
            float upper = m[top + c0[x]] + tx[x] * (m[top + c1[x]] - m[top + c0[x]]);
            float lower = m[bottom + c0[x]] + tx[x] * (m[bottom + c1[x]] - m[bottom + c0[x]]);
            out[x] = upper + ty * (lower - upper);
        }
    }

    private static int clamp(int index, int count) {
        return index < 0 ? 0 : Math.min(index, count - 1);
    }

    private static int rgb(float luma, float blue, float red) {
        int r = level(luma + 1.402f * red);
        int g = level(luma - 0.344136f * blue - 0.714136f * red);
        int b = level(luma + 1.772f * blue);
        return (r << 16) | (g << 8) | b;
    }

    private static int grey(float luma) {
        int v = level(luma);
        return (v << 16) | (v << 8) | v;
    }

    private static int level(float value) {
        int v = Math.round(value);
        return v < 0 ? 0 : Math.min(v, 255);
    }
}
