package dev.loupe.tool.forensic.noise;

import dev.loupe.tool.forensic.pixel.LumaReader;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.region.PixelBox;
import dev.loupe.tool.forensic.pixel.PngArtifact;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * The noise picture: on the left the 3×3 median-filter residual (|pixel − median of its 3×3
 * neighbourhood|, amplified), point-sampled to the picture's size; on the right the block noise map,
 * blue for blocks smoother than the image's median, red for noisier, dark grey where noise could not be
 * measured. Outlier regions are outlined on both.
 */
final class NoisePicture {

    private static final int MAX_SIDE = 768;
    private static final float RESIDUAL_GAIN = 12f;

    private NoisePicture() {
    }

    static BufferedImage draw(PixelSource image, BlockNoise noise, NoiseConsistency consistency) {
        int w = image.width();
        int h = image.height();
        int shrink = PngArtifact.shrinkFactor(w, h, MAX_SIDE);
        int pw = Math.max(1, w / shrink);
        int ph = Math.max(1, h / shrink);
        BufferedImage picture = new BufferedImage(pw * 2 + 4, ph, BufferedImage.TYPE_INT_RGB);
        drawResidual(image, picture, shrink, pw, ph);
        drawNoiseMap(noise, consistency, picture, shrink, pw + 4, ph);
        Graphics2D g = picture.createGraphics();
        try {
            g.setStroke(new BasicStroke(2f));
            for (NoiseRegion region : consistency.regions()) {
                PixelBox b = region.box();
                g.setColor(Color.RED);
                g.drawRect(b.x() / shrink, b.y() / shrink, Math.max(1, b.width() / shrink), Math.max(1, b.height() / shrink));
                g.setColor(Color.WHITE);
                g.drawRect(pw + 4 + b.x() / shrink, b.y() / shrink, Math.max(1, b.width() / shrink), Math.max(1, b.height() / shrink));
            }
        } finally {
            g.dispose();
        }
        return picture;
    }

    private static void drawResidual(PixelSource image, BufferedImage picture, int shrink, int pw, int ph) {
        int w = image.width();
        int h = image.height();
        LumaReader.RowSource source = image.lumaRows();
        float[][] rows = {new float[w], new float[w], new float[w]};
        float[] window = new float[9];
        for (int py = 0; py < ph; py++) {
            int y = Math.min(h - 1, py * shrink + shrink / 2);
            for (int d = -1; d <= 1; d++) {
                source.read(Math.max(0, Math.min(h - 1, y + d)), rows[d + 1]);
            }
            for (int px = 0; px < pw; px++) {
                int x = Math.min(w - 1, px * shrink + shrink / 2);
                int n = 0;
                for (float[] row : rows) {
                    for (int d = -1; d <= 1; d++) {
                        window[n++] = row[Math.max(0, Math.min(w - 1, x + d))];
                    }
                }
                float centre = rows[1][x];
                Arrays.sort(window);
                int v = Math.min(255, Math.round(Math.abs(centre - window[4]) * RESIDUAL_GAIN));
                picture.setRGB(px, py, (v << 16) | (v << 8) | v);
            }
        }
    }

    private static void drawNoiseMap(BlockNoise noise, NoiseConsistency consistency, BufferedImage picture,
                                     int shrink, int offsetX, int ph) {
        int bs = noise.blockSize();
        double median = consistency.medianSigma();
        for (int py = 0; py < ph; py++) {
            int r = (py * shrink - 1) / bs;
            for (int px = 0; px < picture.getWidth() - offsetX; px++) {
                int c = (px * shrink - 1) / bs;
                int rgb = 0x202020;
                if (r >= 0 && c >= 0 && r < noise.rows() && c < noise.columns()) {
                    int i = r * noise.columns() + c;
                    rgb = noise.measurable()[i] && median > 0 ? colour(Math.log(noise.sigma()[i] / median)) : 0x404040;
                }
                picture.setRGB(offsetX + px, py, rgb);
            }
        }
    }

    /** Blue for half the median noise or less, green at the median, red for twice or more. */
    private static int colour(double logRatio) {
        double t = Math.max(-1, Math.min(1, logRatio / Math.log(2)));
        int red = (int) Math.round(255 * Math.max(0, t));
        int blue = (int) Math.round(255 * Math.max(0, -t));
        int green = (int) Math.round(255 * (1 - Math.abs(t)));
        return (red << 16) | (green << 8) | blue;
    }
}
