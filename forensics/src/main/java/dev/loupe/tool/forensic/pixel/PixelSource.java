package dev.loupe.tool.forensic.pixel;

import dev.loupe.image.LumaPlane;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.FastInverseDct;

import java.awt.image.BufferedImage;

/**
 * The pixels the pixel-level tools read, by rows, from wherever they are cheapest: for a baseline
 * JPEG the planes the shared coefficient pass decoded (so no tool pays for a second, full RGB
 * decode), for anything else the image's decoded pixels. Readers are independent of each other, so
 * tools may read one source from several threads.
 */
public interface PixelSource {

    int width();

    int height();

    /** A new reader of full-resolution luminance rows (BT.601 weights, 0–255). */
    LumaReader.RowSource lumaRows();

    /**
     * The luminance as the JPEG decoder left it, whole numbers of 1/{@link FastInverseDct#ONE} level,
     * {@code width × height} row-major, when the source holds it (a baseline JPEG's planes); else null.
     * Not to be written. For loops whose arithmetic is exact on these numbers: they then give what the
     * rows of {@link #lumaRows()} give without converting every sample to a float first.
     */
    default short[] lumaUnits() {
        return null;
    }

    /** A new reader of packed {@code 0xRRGGBB} rows. */
    RgbRows.Source rgbRows();

    /** The luminance averaged over {@code scale × scale} boxes, as {@link LumaReader#read(PixelSource, int)}. */
    default LumaPlane luma(int scale) {
        return LumaReader.read(this, scale);
    }

    /**
     * The image's pixels: its JPEG planes when the coefficient pass could decode them, else the
     * decoded image. Throws {@link dev.loupe.core.LoupeException} (bad input) when neither can be had.
     */
    static PixelSource of(LoadedImage image) {
        PixelSource planes = JpegPlanePixels.of(image);
        return planes != null ? planes : of(image.pixels());
    }

    /** The pixels of a decoded image. */
    static PixelSource of(BufferedImage image) {
        return new DecodedPixels(image);
    }
}
