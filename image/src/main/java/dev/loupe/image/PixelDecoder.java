package dev.loupe.image;

import dev.loupe.core.LoupeException;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/** Decodes an image's bytes to pixels with ImageIO (TwelveMonkeys plugins add CMYK JPEG, WebP, TIFF). */
final class PixelDecoder {

    private PixelDecoder() {
    }

    static BufferedImage decode(LoadedImage image) {
        try {
            BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(image.bytes()));
            if (decoded == null) {
                throw LoupeException.badInput(image.name() + ": no decoder for this " + image.format() + " file");
            }
            return decoded;
        } catch (IOException | RuntimeException e) {
            if (e instanceof LoupeException loupe) {
                throw loupe;
            }
            throw new LoupeException(LoupeException.Kind.BAD_INPUT,
                    image.name() + ": the pixel data cannot be decoded (" + e.getMessage() + ")", e);
        }
    }
}
