package dev.loupe.tool.forensic.pixel;

import java.awt.image.BufferedImage;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.Raster;
import java.awt.image.SinglePixelPackedSampleModel;

/**
 * Reads rows of packed {@code 0xRRGGBB} pixels, straight from the raster for byte BGR/ABGR, byte grey
 * and int RGB/ARGB images, through {@code getRGB} for anything else.
 */
public final class RgbRows {

    /** Fills a caller's buffer with one row of packed RGB. */
    @FunctionalInterface
    public interface Source {
        void read(int y, int[] row);

        /**
         * Fills at least {@code row[start]}, {@code row[start + step]}, ... of row {@code y}, for
         * readers that sample: a source that computes its colours may skip the other pixels.
         */
        default void read(int y, int[] row, int start, int step) {
            read(y, row);
        }

        /**
         * Fills {@code row} with row {@code y}'s green levels (0–255) only, for readers of one channel: a
         * source that computes its colours may skip the other two.
         */
        default void readGreen(int y, int[] row) {
            read(y, row);
            for (int x = 0; x < row.length; x++) {
                row[x] = row[x] >> 8 & 255;
            }
        }
    }

    private RgbRows() {
    }

    public static Source of(BufferedImage image) {
        Raster raster = image.getRaster();
        int w = image.getWidth();
        int type = image.getType();
        boolean topLevel = raster.getParent() == null && raster.getSampleModelTranslateX() == 0
                && raster.getSampleModelTranslateY() == 0;
        if (topLevel && raster.getDataBuffer() instanceof DataBufferByte bytes
                && raster.getSampleModel() instanceof ComponentSampleModel model
                && (type == BufferedImage.TYPE_3BYTE_BGR || type == BufferedImage.TYPE_4BYTE_ABGR
                || type == BufferedImage.TYPE_BYTE_GRAY)) {
            byte[] data = bytes.getData();
            int offset = bytes.getOffset();
            int stride = model.getScanlineStride();
            int pixelStride = model.getPixelStride();
            int[] bands = model.getBandOffsets();
            if (bands.length < 3) {
                int b0 = offset + bands[0];
                return (y, row) -> {
                    for (int x = 0, i = b0 + y * stride; x < w; x++, i += pixelStride) {
                        int v = data[i] & 255;
                        row[x] = (v << 16) | (v << 8) | v;
                    }
                };
            }
            int r = bands[0];
            int g = bands[1];
            int b = bands[2];
            return (y, row) -> {
                for (int x = 0, i = offset + y * stride; x < w; x++, i += pixelStride) {
                    row[x] = ((data[i + r] & 255) << 16) | ((data[i + g] & 255) << 8) | (data[i + b] & 255);
                }
            };
        }
        if (topLevel && raster.getDataBuffer() instanceof DataBufferInt ints
                && raster.getSampleModel() instanceof SinglePixelPackedSampleModel model
                && (type == BufferedImage.TYPE_INT_RGB || type == BufferedImage.TYPE_INT_ARGB)) {
            int[] data = ints.getData();
            int offset = ints.getOffset();
            int stride = model.getScanlineStride();
            return (y, row) -> System.arraycopy(data, offset + y * stride, row, 0, w);
        }
        return (y, row) -> image.getRGB(0, y, w, 1, row, 0, w);
    }
}
