package dev.loupe.tool.forensic.pixel;

import java.awt.image.BufferedImage;

/** A {@link PixelSource} over an image decoded to a {@link BufferedImage}. */
record DecodedPixels(BufferedImage image) implements PixelSource {

    @Override
    public int width() {
        return image.getWidth();
    }

    @Override
    public int height() {
        return image.getHeight();
    }

    @Override
    public LumaReader.RowSource lumaRows() {
        return LumaReader.rowSource(image);
    }

    @Override
    public RgbRows.Source rgbRows() {
        return RgbRows.of(image);
    }
}
