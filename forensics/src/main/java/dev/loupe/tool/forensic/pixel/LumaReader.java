package dev.loupe.tool.forensic.pixel;

import dev.loupe.image.LumaPlane;

import java.awt.image.BufferedImage;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.DataBufferUShort;
import java.awt.image.Raster;
import java.awt.image.SinglePixelPackedSampleModel;

/**
 * Reads a {@link LumaPlane} (BT.601 weights) from a decoded image, optionally box-downscaled by an
 * integer factor. The common layouts (byte BGR/ABGR, byte grey, int RGB/ARGB, 16-bit grey) are read
 * straight from the raster's data array; anything else goes through {@code getRGB} one row at a time.
 * Alpha is ignored: the colour channels are what a camera or an editor produced.
 */
public final class LumaReader {

    private static final float WR = 0.299f;
    private static final float WG = 0.587f;
    private static final float WB = 0.114f;

    private LumaReader() {
    }

    /** The full-resolution luminance. */
    public static LumaPlane read(BufferedImage image) {
        return read(image, 1);
    }

    /** The luminance averaged over {@code scale × scale} boxes; the last partial row/column of boxes is dropped. */
    public static LumaPlane read(BufferedImage image, int scale) {
        return read(PixelSource.of(image), scale);
    }

    /** The luminance of a pixel source averaged over {@code scale × scale} boxes, as {@link #read(BufferedImage, int)}. */
    public static LumaPlane read(PixelSource image, int scale) {
        int w = image.width();
        int h = image.height();
        int ow = w / scale;
        int oh = h / scale;
        float[] out = new float[ow * oh];
        float[] row = new float[w];
        RowSource source = image.lumaRows();
        float norm = 1f / (scale * scale);
        for (int oy = 0; oy < oh; oy++) {
            int base = oy * ow;
            for (int dy = 0; dy < scale; dy++) {
                source.read(oy * scale + dy, row);
                if (scale == 1) {
                    System.arraycopy(row, 0, out, base, ow);
                } else {
                    for (int ox = 0, x = 0; ox < ow; ox++) {
                        float sum = 0;
                        for (int end = x + scale; x < end; x++) {
                            sum += row[x];
                        }
                        out[base + ox] += sum;
                    }
                }
            }
            if (scale > 1) {
                for (int i = base; i < base + ow; i++) {
                    out[i] *= norm;
                }
            }
        }
        return new LumaPlane(ow, oh, out, scale);
    }

    /** Fills a caller's buffer with the luminance of one source row, for tools that stream rows. */
    @FunctionalInterface
    public interface RowSource {
        /** Writes the luminance of row {@code y} into {@code row[0..width)}. */
        void read(int y, float[] row);

        /**
         * Writes at least the luminance of columns {@code [from, to)} of row {@code y} into
         * {@code row[from..to)}. This default reads the whole row; a source that can read a part for
         * less ({@link #readsParts()}) overrides it.
         */
        default void read(int y, float[] row, int from, int to) {
            read(y, row);
        }

        /** Whether {@link #read(int, float[], int, int)} costs only the columns asked for. */
        default boolean readsParts() {
            return false;
        }
    }

    /** A reader of full-resolution luminance rows, so that a tool need not hold the whole plane. */
    public static RowSource rowSource(BufferedImage image) {
        Raster raster = image.getRaster();
        boolean topLevel = raster.getParent() == null && raster.getSampleModelTranslateX() == 0
                && raster.getSampleModelTranslateY() == 0;
        int type = image.getType();
        if (topLevel && raster.getDataBuffer() instanceof DataBufferByte bytes
                && raster.getSampleModel() instanceof ComponentSampleModel model
                && (type == BufferedImage.TYPE_3BYTE_BGR || type == BufferedImage.TYPE_4BYTE_ABGR
                || type == BufferedImage.TYPE_BYTE_GRAY)) {
            return byteRows(bytes.getData(), bytes.getOffset(), model, image.getWidth());
        }
        if (topLevel && raster.getDataBuffer() instanceof DataBufferInt ints
                && raster.getSampleModel() instanceof SinglePixelPackedSampleModel model
                && (type == BufferedImage.TYPE_INT_RGB || type == BufferedImage.TYPE_INT_ARGB)) {
            int[] data = ints.getData();
            int offset = ints.getOffset();
            int stride = model.getScanlineStride();
            int w = image.getWidth();
            return (y, row) -> {
                for (int x = 0, i = offset + y * stride; x < w; x++, i++) {
                    int p = data[i];
                    row[x] = WR * ((p >> 16) & 255) + WG * ((p >> 8) & 255) + WB * (p & 255);
                }
            };
        }
        if (topLevel && type == BufferedImage.TYPE_USHORT_GRAY && raster.getDataBuffer() instanceof DataBufferUShort shorts
                && raster.getSampleModel() instanceof ComponentSampleModel model) {
            short[] data = shorts.getData();
            int offset = shorts.getOffset() + model.getBandOffsets()[0];
            int stride = model.getScanlineStride();
            int pixelStride = model.getPixelStride();
            int w = image.getWidth();
            return (y, row) -> {
                for (int x = 0, i = offset + y * stride; x < w; x++, i += pixelStride) {
                    row[x] = (data[i] & 0xFFFF) / 257f;
                }
            };
        }
        int w = image.getWidth();
        int[] argb = new int[w];
        return (y, row) -> {
            image.getRGB(0, y, w, 1, argb, 0, w);
            for (int x = 0; x < w; x++) {
                int p = argb[x];
                row[x] = WR * ((p >> 16) & 255) + WG * ((p >> 8) & 255) + WB * (p & 255);
            }
        };
    }

    private static RowSource byteRows(byte[] data, int bufferOffset, ComponentSampleModel model, int w) {
        int stride = model.getScanlineStride();
        int pixelStride = model.getPixelStride();
        int[] bands = model.getBandOffsets();
        if (bands.length < 3) {
            int b0 = bufferOffset + bands[0];
            return (y, row) -> {
                for (int x = 0, i = b0 + y * stride; x < w; x++, i += pixelStride) {
                    row[x] = data[i] & 255;
                }
            };
        }
        int r = bands[0];
        int g = bands[1];
        int b = bands[2];
        return (y, row) -> {
            for (int x = 0, i = bufferOffset + y * stride; x < w; x++, i += pixelStride) {
                row[x] = WR * (data[i + r] & 255) + WG * (data[i + g] & 255) + WB * (data[i + b] & 255);
            }
        };
    }
}
