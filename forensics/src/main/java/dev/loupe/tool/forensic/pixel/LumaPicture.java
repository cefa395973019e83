package dev.loupe.tool.forensic.pixel;

import dev.loupe.image.LumaPlane;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

/** Renders a luminance plane as a grey RGB picture no larger than a given side, for overlays. */
public final class LumaPicture {

    private LumaPicture() {
    }

    /** The plane, point-sampled down by {@code shrink}, as a TYPE_INT_RGB picture. */
    public static BufferedImage of(LumaPlane plane, int shrink) {
        int w = Math.max(1, plane.width() / shrink);
        int h = Math.max(1, plane.height() / shrink);
        BufferedImage picture = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        int[] out = ((DataBufferInt) picture.getRaster().getDataBuffer()).getData();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int sx = Math.min(plane.width() - 1, x * shrink);
                int sy = Math.min(plane.height() - 1, y * shrink);
                int v = EightBit.level(plane.at(sx, sy));
                out[y * w + x] = (v << 16) | (v << 8) | v;
            }
        }
        return picture;
    }
}
