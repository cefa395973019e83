package dev.loupe.tool.forensic.thumbnail;

import com.drew.metadata.exif.ExifDirectoryBase;
import com.drew.metadata.exif.ExifThumbnailDirectory;

import java.awt.image.BufferedImage;
import java.util.Optional;

/**
 * An uncompressed EXIF thumbnail (TIFF compression 1): 8-bit chunky RGB, or YCbCr with its chroma
 * subsampled, stored in strips as early cameras wrote it (Fujifilm DS-7, Kodak DC210). Its layout is
 * read from the thumbnail directory's TIFF tags; {@link #decode} turns the strips' bytes into RGB with
 * the directory's YCbCr coefficients and reference black and white (the TIFF 6.0 defaults when absent).
 *
 * @param width       pixels per row
 * @param height      rows
 * @param ycbcr       photometric interpretation 6 (YCbCr) rather than 2 (RGB)
 * @param subsampleH  horizontal chroma subsampling (1 for RGB)
 * @param subsampleV  vertical chroma subsampling (1 for RGB)
 * @param luma        the YCbCr coefficients {red, green, blue}
 * @param reference   reference black and white {Y black, Y white, Cb black, Cb white, Cr black, Cr white}
 */
record StripThumbnail(int width, int height, boolean ycbcr, int subsampleH, int subsampleV, double[] luma, double[] reference) {

    private static final int RGB = 2;
    private static final int YCBCR = 6;

    /** The layout of the directory's uncompressed thumbnail, or empty with the reason in {@code reason[0]}. */
    static Optional<StripThumbnail> of(ExifThumbnailDirectory directory, String[] reason) {
        Integer compression = directory.getInteger(ExifDirectoryBase.TAG_COMPRESSION);
        Integer photometric = directory.getInteger(ExifDirectoryBase.TAG_PHOTOMETRIC_INTERPRETATION);
        Integer width = directory.getInteger(ExifDirectoryBase.TAG_IMAGE_WIDTH);
        Integer height = directory.getInteger(ExifDirectoryBase.TAG_IMAGE_HEIGHT);
        int[] bits = directory.getIntArray(ExifDirectoryBase.TAG_BITS_PER_SAMPLE);
        Integer samples = directory.getInteger(ExifDirectoryBase.TAG_SAMPLES_PER_PIXEL);
        Integer planar = directory.getInteger(ExifDirectoryBase.TAG_PLANAR_CONFIGURATION);
        if (compression == null || compression != 1 || photometric == null || width == null || height == null) {
            reason[0] = "no EXIF thumbnail";
            return Optional.empty();
        }
        boolean eightBits = bits == null || java.util.Arrays.stream(bits).allMatch(b -> b == 8);
        if ((photometric != RGB && photometric != YCBCR) || !eightBits || (samples != null && samples != 3)
                || (planar != null && planar != 1)) {
            reason[0] = "the uncompressed EXIF thumbnail is not 8-bit chunky RGB or YCbCr (photometric " + photometric + ")";
            return Optional.empty();
        }
        if (width < 1 || height < 1 || width > ThumbnailTool.MAX_THUMBNAIL_SIDE || height > ThumbnailTool.MAX_THUMBNAIL_SIDE) {
            reason[0] = "the uncompressed EXIF thumbnail declares " + width + "x" + height + " pixels, not a thumbnail's size";
            return Optional.empty();
        }
        boolean ycbcr = photometric == YCBCR;
        int[] sub = ycbcr ? directory.getIntArray(ExifDirectoryBase.TAG_YCBCR_SUBSAMPLING) : null;
        int h = sub != null && sub.length == 2 ? sub[0] : ycbcr ? 2 : 1;
        int v = sub != null && sub.length == 2 ? sub[1] : ycbcr ? 2 : 1;
        if (!(h == 1 || h == 2 || h == 4) || !(v == 1 || v == 2 || v == 4) || v > h) {
            reason[0] = "the uncompressed EXIF thumbnail's chroma subsampling " + h + "x" + v + " is not one TIFF allows";
            return Optional.empty();
        }
        double[] luma = rationals(directory, ExifDirectoryBase.TAG_YCBCR_COEFFICIENTS, new double[] {0.299, 0.587, 0.114});
        double[] reference = rationals(directory, ExifDirectoryBase.TAG_REFERENCE_BLACK_WHITE,
                ycbcr ? new double[] {0, 255, 128, 255, 128, 255} : new double[] {0, 255, 0, 255, 0, 255});
        return Optional.of(new StripThumbnail(width, height, ycbcr, h, v, luma, reference));
    }

    /** How many bytes the strips must hold together. */
    int byteCount() {
        if (!ycbcr) {
            return width * height * 3;
        }
        int unitsAcross = (width + subsampleH - 1) / subsampleH;
        int unitsDown = (height + subsampleV - 1) / subsampleV;
        return unitsAcross * unitsDown * (subsampleH * subsampleV + 2);
    }

    /** The thumbnail as RGB pixels from its strips' bytes, which hold at least {@link #byteCount()}. */
    BufferedImage decode(byte[] data) {
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        if (!ycbcr) {
            for (int i = 0, p = 0; i < width * height; i++, p += 3) {
                out.setRGB(i % width, i / width, (data[p] & 255) << 16 | (data[p + 1] & 255) << 8 | (data[p + 2] & 255));
            }
            return out;
        }
        int unit = subsampleH * subsampleV + 2;
        int unitsAcross = (width + subsampleH - 1) / subsampleH;
        int unitsDown = (height + subsampleV - 1) / subsampleV;
        for (int uy = 0; uy < unitsDown; uy++) {
            for (int ux = 0; ux < unitsAcross; ux++) {
                int p = (uy * unitsAcross + ux) * unit;
                double cb = scaled(data[p + unit - 2] & 255, reference[2], reference[3], 127);
                double cr = scaled(data[p + unit - 1] & 255, reference[4], reference[5], 127);
                for (int dy = 0; dy < subsampleV; dy++) {
                    for (int dx = 0; dx < subsampleH; dx++) {
                        int x = ux * subsampleH + dx;
                        int y = uy * subsampleV + dy;
                        if (x < width && y < height) {
                            double luminance = scaled(data[p + dy * subsampleH + dx] & 255, reference[0], reference[1], 255);
                            out.setRGB(x, y, rgb(luminance, cb, cr));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** TIFF 6.0 §21's conversion from YCbCr to RGB with the file's coefficients. */
    private int rgb(double y, double cb, double cr) {
        double red = cr * (2 - 2 * luma[0]) + y;
        double blue = cb * (2 - 2 * luma[2]) + y;
        double green = (y - luma[2] * blue - luma[0] * red) / luma[1];
        return level(red) << 16 | level(green) << 8 | level(blue);
    }

    /** A code value mapped through reference black and white onto {@code range} levels. */
    private static double scaled(int code, double black, double white, double range) {
        return white == black ? code : (code - black) * range / (white - black);
    }

    private static int level(double value) {
        return (int) Math.max(0, Math.min(255, Math.round(value)));
    }

    private static double[] rationals(ExifThumbnailDirectory directory, int tag, double[] fallback) {
        var values = directory.getRationalArray(tag);
        if (values == null || values.length != fallback.length) {
            return fallback;
        }
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i].doubleValue();
        }
        return out;
    }
}
