package dev.loupe.tool.detect;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws boxes on a copy of the image: one colour per label (in order of first appearance), a frame
 * whose width follows the image size, and the label with its score on a filled tab above the box (or
 * inside it at the top edge). The copy is at most {@link #MAX_SIDE} pixels on its longer side, so a
 * 50-megapixel photograph yields a 4K picture rather than a 200 MB one; boxes are normalised, so
 * they land in the same place at any size.
 */
final class BoxPainter {

    static final int MAX_SIDE = 3840;

    private static final Color[] PALETTE = {
        new Color(0xE6194B), new Color(0x3CB44B), new Color(0x4363D8), new Color(0xF58231), new Color(0x911EB4),
        new Color(0x42D4F4), new Color(0xF032E6), new Color(0xBFEF45), new Color(0xFFE119), new Color(0x469990),
    };

    /** The picture, and whether the labels could be written (no usable font leaves frames only). */
    record Painted(BufferedImage image, boolean labelled) {
    }

    private BoxPainter() {
    }

    static Painted paint(BufferedImage source, List<Box> boxes) {
        double scale = Math.min(1.0, MAX_SIDE / (double) Math.max(source.getWidth(), source.getHeight()));
        int width = Math.max(1, (int) Math.round(source.getWidth() * scale));
        int height = Math.max(1, (int) Math.round(source.getHeight() * scale));
        BufferedImage canvas = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.drawImage(source, 0, 0, width, height, null);
            int longest = Math.max(width, height);
            float stroke = Math.max(2f, longest / 400f);
            g.setStroke(new BasicStroke(stroke));
            Map<String, Color> colours = colours(boxes);
            for (Box box : boxes) {
                g.setColor(colours.get(box.label()));
                g.drawRect(px(box.x1(), width), px(box.y1(), height), px(box.width(), width), px(box.height(), height));
            }
            boolean labelled = labels(g, boxes, colours, width, height, Math.max(12, longest / 45));
            return new Painted(canvas, labelled);
        } finally {
            g.dispose();
        }
    }

    private static boolean labels(Graphics2D g, List<Box> boxes, Map<String, Color> colours, int width, int height, int size) {
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, size));
            FontMetrics metrics = g.getFontMetrics();
            int pad = Math.max(2, size / 6);
            for (Box box : boxes) {
                String text = box.score() < 1.0 ? String.format(Locale.ROOT, "%s %.2f", box.label(), box.score()) : box.label();
                int tabWidth = metrics.stringWidth(text) + 2 * pad;
                int tabHeight = metrics.getAscent() + metrics.getDescent() + pad;
                int x = Math.min(px(box.x1(), width), Math.max(0, width - tabWidth));
                int top = px(box.y1(), height);
                int y = top - tabHeight >= 0 ? top - tabHeight : top;
                Color colour = colours.get(box.label());
                g.setColor(colour);
                g.fillRect(x, y, tabWidth, tabHeight);
                g.setColor(luminance(colour) > 150 ? Color.BLACK : Color.WHITE);
                g.drawString(text, x + pad, y + pad / 2 + metrics.getAscent());
            }
            return true;
        } catch (RuntimeException | Error e) {
            // A JVM without fonts (a stripped container) still gets the frames.
            return false;
        }
    }

    private static Map<String, Color> colours(List<Box> boxes) {
        Map<String, Color> colours = new LinkedHashMap<>();
        for (Box box : boxes) {
            colours.computeIfAbsent(box.label(), label -> PALETTE[colours.size() % PALETTE.length]);
        }
        return colours;
    }

    private static int px(double fraction, int extent) {
        return (int) Math.round(fraction * extent);
    }

    private static double luminance(Color c) {
        return 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue();
    }
}
