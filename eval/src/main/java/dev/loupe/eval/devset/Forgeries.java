package dev.loupe.eval.devset;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

/**
 * The pixel edits the development set's fakes are made with, each on a copy. Regions are placed at
 * fixed fractions of the picture so that every derived file is the same on every run, and are aligned
 * to the 8-pixel JPEG grid, as a forger working at full resolution in an editor would not bother to
 * avoid.
 */
public final class Forgeries {

    private Forgeries() {
    }

    public static BufferedImage copy(BufferedImage image) {
        BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = rgb.createGraphics();
        g.drawImage(image, 0, 0, null);
        g.dispose();
        return rgb;
    }

    /** The image scaled by {@code factor} with bicubic interpolation. */
    public static BufferedImage scaled(BufferedImage image, double factor) {
        int w = Math.max(1, (int) Math.round(image.getWidth() * factor));
        int h = Math.max(1, (int) Math.round(image.getHeight() * factor));
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(image, 0, 0, w, h, null);
        g.dispose();
        return out;
    }

    /** Where {@link #splice} pastes in a picture of this size. */
    public static Rectangle spliceRegion(int width, int height) {
        return new Rectangle(grid(width * 11 / 20), grid(height / 4), grid(width / 5), grid(height / 5));
    }

    /** Where {@link #cloned} copies to in a picture of this size. */
    public static Rectangle cloneTarget(int width, int height) {
        return new Rectangle(grid(width * 3 / 5), grid(height * 3 / 5), grid(width / 6), grid(height / 6));
    }

    /** Where {@link #retouched} smooths a picture of this size. */
    public static Rectangle retouchRegion(int width, int height) {
        return new Rectangle(grid(width / 3), grid(height / 3), grid(width / 5), grid(height / 5));
    }

    /** A region of {@code donor} (its centre, scaled to fit) pasted over a fifth of the picture, right of centre. */
    public static BufferedImage splice(BufferedImage image, BufferedImage donor) {
        BufferedImage out = copy(image);
        Rectangle at = spliceRegion(image.getWidth(), image.getHeight());
        int w = at.width;
        int h = at.height;
        int x = at.x;
        int y = at.y;
        int side = Math.min(donor.getWidth(), donor.getHeight()) / 2;
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(donor, x, y, x + w, y + h, (donor.getWidth() - side) / 2, (donor.getHeight() - side) / 2,
                (donor.getWidth() + side) / 2, (donor.getHeight() + side) / 2, null);
        g.dispose();
        return out;
    }

    /** A sixth of the picture, left of centre, copied down and to the right: cloning out or doubling a thing. */
    public static BufferedImage cloned(BufferedImage image) {
        BufferedImage out = copy(image);
        Rectangle to = cloneTarget(image.getWidth(), image.getHeight());
        int sx = grid(image.getWidth() / 5);
        int sy = grid(image.getHeight() / 2);
        out.setRGB(to.x, to.y, to.width, to.height, image.getRGB(sx, sy, to.width, to.height, null, 0, to.width), 0, to.width);
        return out;
    }

    /**
     * A local retouch: a fifth of the picture, a third of the way in, smoothed with a 5×5 box filter and
     * lifted by six levels, as skin is smoothed or a blemish painted out.
     */
    public static BufferedImage retouched(BufferedImage image) {
        return boxMean(image, retouchRegion(image.getWidth(), image.getHeight()), 6);
    }

    /**
     * {@code image} with the rectangle {@code at} replaced by a 5×5 box mean of each channel, lifted by
     * {@code lift} levels; the box reads the nearest edge pixel beyond the frame.
     */
    public static BufferedImage boxMean(BufferedImage image, Rectangle at, int lift) {
        BufferedImage out = copy(image);
        for (int y = at.y; y < at.y + at.height; y++) {
            for (int x = at.x; x < at.x + at.width; x++) {
                int r = 0;
                int g = 0;
                int b = 0;
                for (int dy = -2; dy <= 2; dy++) {
                    for (int dx = -2; dx <= 2; dx++) {
                        int p = image.getRGB(inside(x + dx, image.getWidth()), inside(y + dy, image.getHeight()));
                        r += p >> 16 & 0xFF;
                        g += p >> 8 & 0xFF;
                        b += p & 0xFF;
                    }
                }
                out.setRGB(x, y, level(r / 25 + lift) << 16 | level(g / 25 + lift) << 8 | level(b / 25 + lift));
            }
        }
        return out;
    }

    private static int inside(int value, int size) {
        return Math.max(0, Math.min(size - 1, value));
    }

    private static int grid(int value) {
        return Math.max(8, value / 8 * 8);
    }

    private static int level(int value) {
        return Math.max(0, Math.min(255, value));
    }
}
