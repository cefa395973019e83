package dev.loupe.tool.forensic.copymove;

import dev.loupe.tool.forensic.pixel.LumaPicture;
import dev.loupe.image.LumaPlane;
import dev.loupe.tool.forensic.region.PixelBox;
import dev.loupe.tool.forensic.pixel.PngArtifact;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.List;

/** Draws the region pairs over the image: source boxes green, target boxes red, a line between. */
final class CopyMoveOverlay {

    private static final int MAX_SIDE = 1024;

    private CopyMoveOverlay() {
    }

    static BufferedImage draw(LumaPlane plane, List<ClonePair> pairs) {
        int shrink = PngArtifact.shrinkFactor(plane.width(), plane.height(), MAX_SIDE);
        BufferedImage picture = LumaPicture.of(plane, shrink);
        double toPicture = 1.0 / (plane.scale() * shrink);
        Graphics2D g = picture.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setStroke(new BasicStroke(2f));
            for (ClonePair pair : pairs) {
                PixelBox s = pair.source();
                PixelBox t = pair.target();
                g.setColor(Color.GREEN);
                rect(g, s, toPicture);
                g.setColor(Color.RED);
                rect(g, t, toPicture);
                g.setColor(Color.YELLOW);
                g.drawLine((int) ((s.x() + s.width() / 2.0) * toPicture), (int) ((s.y() + s.height() / 2.0) * toPicture),
                        (int) ((t.x() + t.width() / 2.0) * toPicture), (int) ((t.y() + t.height() / 2.0) * toPicture));
            }
        } finally {
            g.dispose();
        }
        return picture;
    }

    private static void rect(Graphics2D g, PixelBox box, double f) {
        g.drawRect((int) (box.x() * f), (int) (box.y() * f), Math.max(1, (int) (box.width() * f)), Math.max(1, (int) (box.height() * f)));
    }
}
