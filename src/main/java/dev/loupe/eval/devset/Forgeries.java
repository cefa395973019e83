package dev.loupe.eval.devset;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

/**
 * The pixel edits the development set's fakes are made with, each on a copy. Regions are placed at
 * fixed fractions of the picture so that every derived file is the same on every run, and are aligned
 * to the 8-pixel JPEG grid, as a forger working at full resolution in an editor would not bother to
 * avoid.
 */
final class Forgeries {

    private Forgeries() {
    }

    static BufferedImage copy(BufferedImage image) {
        BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = rgb.createGraphics();
        g.drawImage(image, 0, 0, null);
        g.dispose();
        return rgb;
    }

    /** The image scaled by {@code factor} with bicubic interpolation. */
    static BufferedImage scaled(BufferedImage image, double factor) {
        int w = Math.max(1, (int) Math.round(image.getWidth() * factor));
        int h = Math.max(1, (int) Math.round(image.getHeight() * factor));
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(image, 0, 0, w, h, null);
        g.dispose();
        return out;
    }

    /** A region of {@code donor} (its centre, scaled to fit) pasted over a fifth of the picture, right of centre. */
    static BufferedImage splice(BufferedImage image, BufferedImage donor) {
        BufferedImage out = copy(image);
        int w = grid(image.getWidth() / 5);
        int h = grid(image.getHeight() / 5);
        int x = grid(image.getWidth() * 11 / 20);
        int y = grid(image.getHeight() / 4);
        int side = Math.min(donor.getWidth(), donor.getHeight()) / 2;
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(donor, x, y, x + w, y + h, (donor.getWidth() - side) / 2, (donor.getHeight() - side) / 2,
                (donor.getWidth() + side) / 2, (donor.getHeight() + side) / 2, null);
        g.dispose();
        return out;
    }

    /** A sixth of the picture, left of centre, copied down and to the right: cloning out or doubling a thing. */
    static BufferedImage cloned(BufferedImage image) {
        BufferedImage out = copy(image);
        int w = grid(image.getWidth() / 6);
        int h = grid(image.getHeight() / 6);
        int sx = grid(image.getWidth() / 5);
        int sy = grid(image.getHeight() / 2);
        int dx = grid(image.getWidth() * 3 / 5);
        int dy = grid(image.getHeight() * 3 / 5);
        out.setRGB(dx, dy, w, h, image.getRGB(sx, sy, w, h, null, 0, w), 0, w);
        return out;
    }

    /**
     * A local retouch: a fifth of the picture, a third of the way in, smoothed with a 5×5 box filter and
     * lifted by six levels, as skin is smoothed or a blemish painted out.
     */
    static BufferedImage retouched(BufferedImage image) {
        BufferedImage out = copy(image);
        int w = grid(image.getWidth() / 5);
        int h = grid(image.getHeight() / 5);
        int x0 = grid(image.getWidth() / 3);
        int y0 = grid(image.getHeight() / 3);
        for (int y = y0; y < y0 + h; y++) {
            for (int x = x0; x < x0 + w; x++) {
                int r = 0;
                int g = 0;
                int b = 0;
                for (int dy = -2; dy <= 2; dy++) {
                    for (int dx = -2; dx <= 2; dx++) {
                        int p = image.getRGB(x + dx, y + dy);
                        r += p >> 16 & 0xFF;
                        g += p >> 8 & 0xFF;
                        b += p & 0xFF;
                    }
                }
                out.setRGB(x, y, level(r / 25 + 6) << 16 | level(g / 25 + 6) << 8 | level(b / 25 + 6));
            }
        }
        return out;
    }

    private static int grid(int value) {
        return Math.max(8, value / 8 * 8);
    }

    private static int level(int value) {
        return Math.max(0, Math.min(255, value));
    }
}
