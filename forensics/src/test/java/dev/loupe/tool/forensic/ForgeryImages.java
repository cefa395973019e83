package dev.loupe.tool.forensic;

import dev.loupe.image.jpeg.JpegFixtures;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;

/** Forgeries the forensic tool tests make from the commons-imaging camera photos. */
public final class ForgeryImages {

    private ForgeryImages() {
    }

    /** A 1024×768 crop of a camera original, on the camera's block grid, as RGB pixels. */
    public static BufferedImage cameraCrop(String photo) {
        return copy(JpegFixtures.decode(JpegFixtures.resource(photo)).getSubimage(320, 320, 1024, 768));
    }

    /** A crop of another part of the photo, for pasting. */
    public static BufferedImage donor(String photo, int x, int y, int width, int height) {
        return copy(JpegFixtures.decode(JpegFixtures.resource(photo)).getSubimage(x, y, width, height));
    }

    /** The pixels after a JPEG save at {@code quality}. */
    public static BufferedImage saved(BufferedImage image, int quality) {
        return copy(JpegFixtures.decode(JpegFixtures.encode(image, quality)));
    }

    /** {@code base} with {@code patch} drawn at the rectangle's corner. */
    public static BufferedImage pasted(BufferedImage base, BufferedImage patch, Rectangle at) {
        BufferedImage result = copy(base);
        Graphics2D g = result.createGraphics();
        g.drawImage(patch.getSubimage(0, 0, at.width, at.height), at.x, at.y, null);
        g.dispose();
        return result;
    }

    public static BufferedImage copy(BufferedImage source) {
        BufferedImage copy = new BufferedImage(source.getWidth(), source.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = copy.createGraphics();
        g.drawImage(source, 0, 0, null);
        g.dispose();
        return copy;
    }
}
