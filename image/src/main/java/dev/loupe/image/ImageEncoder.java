package dev.loupe.image;

import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.image.jpeg.PlaneDownscaler;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Iterator;

/**
 * Encodes an image for a model: scaled down (never up) so its longer side is at most
 * {@code maxSide} pixels, flattened onto white, converted to 8-bit RGB whatever the source
 * (greyscale, 16-bit, CMYK, palette, alpha), and written as JPEG at quality 0.85. EXIF orientation is
 * not applied.
 */
public final class ImageEncoder {

    /** The longer side models are sent by default: detail enough, tokens bounded. */
    public static final int DEFAULT_MAX_SIDE = 2048;
    static final float JPEG_QUALITY = 0.85f;

    private final int maxSide;

    public ImageEncoder(int maxSide) {
        if (maxSide < 1) {
            throw new IllegalArgumentException("maxSide must be at least 1, not " + maxSide);
        }
        this.maxSide = maxSide;
    }

    public ImageEncoder() {
        this(DEFAULT_MAX_SIDE);
    }

    /**
     * Encodes a baseline JPEG from the planes its coefficient pass decoded: reduced straight from them
     * (see {@link PlaneDownscaler}) to the size {@link #encode(BufferedImage)} gives, with no pixel decode.
     */
    public EncodedImage encode(DecodedPlanes planes) {
        int[] size = targetSize(planes.width(), planes.height(), maxSide);
        return encoded(PlaneDownscaler.toRgb(planes, size[0], size[1]));
    }

    /** Encodes a loaded image (decoding its pixels if no tool has yet). */
    public EncodedImage encode(LoadedImage image) {
        return encode(image.pixels());
    }

    public EncodedImage encode(BufferedImage image) {
        return encoded(scaleToRgb(image, maxSide));
    }

    private static EncodedImage encoded(BufferedImage rgb) {
        byte[] jpeg = writeJpeg(rgb);
        return new EncodedImage(Base64.getEncoder().encodeToString(jpeg), "image/jpeg",
                rgb.getWidth(), rgb.getHeight(), jpeg.length);
    }

    /**
     * An 8-bit RGB copy whose longer side is at most {@code maxSide}. Large reductions go by halves
     * first: one bilinear step from 6000 to 2048 pixels would skip most source pixels and alias, while
     * each halving averages them, and costs little more.
     */
    static BufferedImage scaleToRgb(BufferedImage source, int maxSide) {
        int[] target = targetSize(source.getWidth(), source.getHeight(), maxSide);
        int targetWidth = target[0];
        int targetHeight = target[1];
        BufferedImage current = source;
        while (current.getWidth() / 2 >= targetWidth && current.getHeight() / 2 >= targetHeight) {
            current = draw(current, current.getWidth() / 2, current.getHeight() / 2);
        }
        if (current == source || current.getWidth() != targetWidth || current.getHeight() != targetHeight) {
            current = draw(current, targetWidth, targetHeight);
        }
        return current;
    }

    /** Width and height scaled down (never up) so the longer side is at most {@code maxSide}. */
    static int[] targetSize(int width, int height, int maxSide) {
        double scale = Math.min(1.0, (double) maxSide / Math.max(width, height));
        return new int[]{Math.max(1, (int) Math.round(width * scale)), Math.max(1, (int) Math.round(height * scale))};
    }

    private static BufferedImage draw(BufferedImage source, int width, int height) {
        BufferedImage target = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = target.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.drawImage(source, 0, 0, width, height, null);
        } finally {
            g.dispose();
        }
        return target;
    }

    private static byte[] writeJpeg(BufferedImage rgb) {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
        if (!writers.hasNext()) {
            throw new IllegalStateException("no JPEG writer in this Java runtime");
        }
        ImageWriter writer = writers.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(JPEG_QUALITY);
            writer.setOutput(out);
            writer.write(null, new IIOImage(rgb, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JPEG to memory failed", e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
