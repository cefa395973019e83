package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.tool.forensic.pixel.EightBit;
import dev.loupe.tool.forensic.region.PixelBox;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;

/**
 * Three panels at thumbnail size, enlarged: the image scaled down (in the orientation that matched),
 * the EXIF thumbnail, and their difference (black = same, white = differs by 32 levels or more), with
 * the differing regions outlined in red on the first panel (when the image needed no turn to match).
 */
final class ThumbnailPicture {

    private static final int TARGET_PANEL_WIDTH = 320;

    private ThumbnailPicture() {
    }

    static BufferedImage draw(ThumbnailComparison comparison) {
        RgbGrid image = comparison.scaledImage();
        int w = image.width();
        int h = image.height();
        int zoom = Math.max(1, TARGET_PANEL_WIDTH / Math.max(1, w));
        BufferedImage picture = new BufferedImage(3 * w * zoom + 8, h * zoom, BufferedImage.TYPE_INT_RGB);
        paint(picture, image, 0, zoom);
        paint(picture, comparison.thumbnail(), w * zoom + 4, zoom);
        float[] diff = comparison.difference();
        for (int y = 0; y < h * zoom; y++) {
            for (int x = 0; x < w * zoom; x++) {
                int v = Math.min(255, Math.round(diff[(y / zoom) * w + x / zoom] * 8));
                picture.setRGB(2 * (w * zoom + 4) + x, y, (v << 16) | (v << 8) | v);
            }
        }
        // regions are in stored-image pixels; outline them on the first panel when it is not turned
        if (comparison.quarterTurns() == 0 && !comparison.regions().isEmpty()) {
            double toPanel = (double) w * zoom / comparison.imageWidth();
            Graphics2D g = picture.createGraphics();
            try {
                g.setColor(Color.RED);
                g.setStroke(new BasicStroke(2f));
                for (ThumbnailRegion region : comparison.regions()) {
                    PixelBox box = region.box();
                    g.drawRect((int) (box.x() * toPanel), (int) (box.y() * toPanel),
                            (int) Math.max(2, box.width() * toPanel), (int) Math.max(2, box.height() * toPanel));
                }
            } finally {
                g.dispose();
            }
        }
        return picture;
    }

    private static void paint(BufferedImage picture, RgbGrid grid, int offsetX, int zoom) {
        for (int y = 0; y < grid.height() * zoom; y++) {
            for (int x = 0; x < grid.width() * zoom; x++) {
                int i = (y / zoom) * grid.width() + x / zoom;
                int r = clamp(grid.r()[i]);
                int g = clamp(grid.g()[i]);
                int b = clamp(grid.b()[i]);
                picture.setRGB(offsetX + x, y, (r << 16) | (g << 8) | b);
            }
        }
    }

    private static int clamp(float v) {
        return EightBit.level(v);
    }
}
