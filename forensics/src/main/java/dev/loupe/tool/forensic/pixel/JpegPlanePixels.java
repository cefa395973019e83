package dev.loupe.tool.forensic.pixel;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.LumaPlane;
import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.image.jpeg.FastInverseDct;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;

/**
 * A {@link PixelSource} over the planes of a baseline JPEG, as the shared coefficient pass decoded
 * them. Luminance is the decoded Y sample itself, before rounding to 8 bits (a full decoder's RGB,
 * weighted back to luminance, differs from it only by the rounding and clamping of Y and the RGB
 * values: by 0.2 levels on average on the commons-imaging camera photos). Colour combines Y with the
 * chroma block means, interpolated bilinearly between block centres, by the JFIF equations: exact
 * enough for comparisons at thumbnail size, not for full-resolution colour.
 *
 * @param image  the image, on which the coefficient pass keeps what it shares
 * @param planes what the pass decoded from its file
 */
record JpegPlanePixels(LoadedImage image, DecodedPlanes planes) implements PixelSource {

    /** The planes of a baseline greyscale or YCbCr JPEG, or null for any other image. */
    static JpegPlanePixels of(LoadedImage image) {
        DecodedPlanes planes = CoefficientPass.planes(image);
        return planes == null ? null : new JpegPlanePixels(image, planes);
    }

    @Override
    public int width() {
        return planes.width();
    }

    @Override
    public int height() {
        return planes.height();
    }

    @Override
    public LumaReader.RowSource lumaRows() {
        short[] luma = planes.luma();
        int w = planes.width();
        float unit = 1f / FastInverseDct.ONE;
        return new LumaReader.RowSource() {
            @Override
            public void read(int y, float[] row) {
                read(y, row, 0, w);
            }

            /** The plane is in memory: a part of a row costs its columns only (tiles read a third of each row). */
            @Override
            public void read(int y, float[] row, int from, int to) {
                for (int x = from, i = y * w + from; x < to; x++, i++) {
                    row[x] = luma[i] * unit;
                }
            }

            @Override
            public boolean readsParts() {
                return true;
            }
        };
    }

    @Override
    public short[] lumaUnits() {
        return planes.luma();
    }

    /** Box means, made once per image and scale for every tool that reads them (see {@link CoefficientPass#downscaled}). */
    @Override
    public LumaPlane luma(int scale) {
        return CoefficientPass.downscaled(image, scale, this::boxMeans);
    }

    /**
     * Box means summed in integers straight from the plane: each output row's band of {@code scale}
     * rows is first added down into one row of column sums (a loop the compiler vectorizes), then
     * across; integer sums come out the same in any order.
     */
    private LumaPlane boxMeans(int scale) {
        short[] luma = planes.luma();
        int w = planes.width();
        int ow = w / scale;
        int oh = planes.height() / scale;
        float[] out = new float[ow * oh];
        int[] columns = new int[ow * scale];
        float norm = 1f / (scale * scale * FastInverseDct.ONE);
        for (int oy = 0; oy < oh; oy++) {
            java.util.Arrays.fill(columns, 0);
            for (int y = oy * scale; y < (oy + 1) * scale; y++) {
                for (int x = 0, i = y * w; x < columns.length; x++, i++) {
                    columns[x] += luma[i];
                }
            }
            for (int ox = 0, x = 0; ox < ow; ox++) {
                int sum = 0;
                for (int end = x + scale; x < end; x++) {
                    sum += columns[x];
                }
                out[oy * ow + ox] = sum * norm;
            }
        }
        return new LumaPlane(ow, oh, out, scale);
    }

    @Override
    public RgbRows.Source rgbRows() {
        return new RgbRows.Source() {
            // this reader's own chroma rows, reused from row to row
            private final float[] cb = new float[planes.width()];
            private final float[] cr = new float[planes.width()];
            private final float[] column = new float[planes.colour() ? planes.cb().columns() : 0];

            @Override
            public void read(int y, int[] row) {
                read(y, row, 0, 1);
            }

            @Override
            public void read(int y, int[] row, int start, int step) {
                readRgb(y, row, start, step, cb, cr, column);
            }

            // made on the first whole row read: most readers read a few sampled rows
            private ChromaTaps cbTaps;
            private ChromaTaps crTaps;

            @Override
            public void readGreen(int y, int[] row) {
                if (cbTaps == null && planes.colour()) {
                    cbTaps = ChromaTaps.across(planes.cb(), planes.width());
                    crTaps = ChromaTaps.across(planes.cr(), planes.width());
                }
                JpegPlanePixels.this.readGreen(y, row, cb, cr, column, cbTaps, crTaps);
            }
        };
    }

    /** Row {@code y}'s green levels, as {@link #readRgb} computes them, without red and blue. */
    private void readGreen(int y, int[] row, float[] cb, float[] cr, float[] column, ChromaTaps cbTaps, ChromaTaps crTaps) {
        short[] luma = planes.luma();
        int w = planes.width();
        int base = y * w;
        float unit = 1f / FastInverseDct.ONE;
        if (!planes.colour()) {
            for (int x = 0; x < w; x++) {
                row[x] = clamp(luma[base + x] * unit);
            }
            return;
        }
        interpolateRow(planes.cb(), y, cb, cbTaps, column);
        interpolateRow(planes.cr(), y, cr, crTaps, column);
        for (int x = 0; x < w; x++) {
            float l = luma[base + x] * unit;
            row[x] = clamp(l - 0.344136f * (cb[x] - 128f) - 0.714136f * (cr[x] - 128f));
        }
    }

    private void readRgb(int y, int[] row, int start, int step, float[] cb, float[] cr, float[] column) {
        short[] luma = planes.luma();
        int w = planes.width();
        int base = y * w;
        float unit = 1f / FastInverseDct.ONE;
        if (!planes.colour()) {
            for (int x = start; x < w; x += step) {
                int v = clamp(luma[base + x] * unit);
                row[x] = (v << 16) | (v << 8) | v;
            }
            return;
        }
        interpolateRow(planes.cb(), y, cb, start, step, column);
        interpolateRow(planes.cr(), y, cr, start, step, column);
        for (int x = start; x < w; x += step) {
            float l = luma[base + x] * unit;
            float b = cb[x] - 128f;
            float r = cr[x] - 128f;
            int red = clamp(l + 1.402f * r);
            int green = clamp(l - 0.344136f * b - 0.714136f * r);
            int blue = clamp(l + 1.772f * b);
            row[x] = (red << 16) | (green << 8) | blue;
        }
    }

    /** The block means of row {@code y} interpolated at every pixel, as the form below does, through taps worked out once. */
    private static void interpolateRow(DecodedPlanes.BlockMeans means, int y, float[] out, ChromaTaps taps, float[] column) {
        interpolateColumns(means, y, column);
        int[] low = taps.low();
        int[] high = taps.high();
        float[] weight = taps.weight();
        for (int x = 0; x < out.length; x++) {
            out[x] = column[low[x]] + weight[x] * (column[high[x]] - column[low[x]]);
        }
    }

    /**
     * The block means of row {@code y} interpolated bilinearly at pixels {@code start, start + step, ...},
     * each mean sitting at its block's centre (beyond the outer centres the edge means hold): first
     * down the two block rows around {@code y} into {@code column} (one value per block column), then across.
     */
    private static void interpolateRow(DecodedPlanes.BlockMeans means, int y, float[] out, int start, int step,
                                       float[] column) {
        interpolateColumns(means, y, column);
        int cols = means.columns();
        float inverse = 1f / means.blockWidth();
        for (int x = start; x < out.length; x += step) {
            float fx = (x + 0.5f) * inverse - 0.5f;
            int c0 = (int) (fx + 1) - 1; // floor, fx being at least -0.5
            float tx = fx - c0;
            int c1 = Math.min(cols - 1, c0 + 1);
            c0 = Math.max(0, c0);
            out[x] = column[c0] + tx * (column[c1] - column[c0]);
        }
    }

    /** Down the two block rows around row {@code y}: one value per block column, into {@code column}. */
    private static void interpolateColumns(DecodedPlanes.BlockMeans means, int y, float[] column) {
        float fy = (y + 0.5f) / means.blockHeight() - 0.5f;
        int r0 = (int) Math.floor(fy);
        float ty = fy - r0;
        int r1 = Math.min(means.rows() - 1, Math.max(0, r0 + 1));
        r0 = Math.min(means.rows() - 1, Math.max(0, r0));
        float[] m = means.means();
        int cols = means.columns();
        for (int c = 0, top = r0 * cols, bottom = r1 * cols; c < cols; c++) {
            column[c] = m[top + c] + ty * (m[bottom + c] - m[top + c]);
        }
    }

    private static int clamp(float value) {
        return EightBit.level(value);
    }
}
