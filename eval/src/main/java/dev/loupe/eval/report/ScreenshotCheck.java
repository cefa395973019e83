package dev.loupe.eval.report;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Checks that a screenshot of {@code report.html} shows a rendered report, not a blank page: enough
 * distinct colours, enough non-background pixels, and the chart colours (the blue of real, the red
 * of fake) actually painted. Used by {@code evaluation/check-report.sh}; exit code 0 when it does.
 */
public final class ScreenshotCheck {

    private static final int MIN_COLOURS = 50;
    private static final double MIN_INKED = 0.02;
    private static final int MIN_CHART_PIXELS = 500;

    private ScreenshotCheck() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ScreenshotCheck SCREENSHOT.png");
            System.exit(2);
        }
        BufferedImage image = ImageIO.read(new File(args[0]));
        if (image == null) {
            System.err.println(args[0] + ": not an image");
            System.exit(1);
        }
        Set<Integer> colours = new HashSet<>();
        long inked = 0;
        long blue = 0;
        long red = 0;
        int background = image.getRGB(0, 0) & 0xFFFFFF;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                inked += distance(rgb, background) > 30 ? 1 : 0;
                blue += distance(rgb, 0x2b7bb9) < 40 ? 1 : 0;
                red += distance(rgb, 0xd1495b) < 40 ? 1 : 0;
            }
        }
        double share = (double) inked / ((long) image.getWidth() * image.getHeight());
        boolean rendered = colours.size() >= MIN_COLOURS && share >= MIN_INKED && blue >= MIN_CHART_PIXELS
                && red >= MIN_CHART_PIXELS;
        System.out.printf(Locale.ROOT, "%s: %dx%d, %d distinct colours, %.1f%% non-background, %d chart-blue and "
                        + "%d chart-red pixels: %s%n", args[0], image.getWidth(), image.getHeight(), colours.size(),
                100 * share, blue, red, rendered ? "RENDERED" : "BLANK OR BROKEN");
        System.exit(rendered ? 0 : 1);
    }

    private static int distance(int a, int b) {
        return Math.abs((a >> 16 & 255) - (b >> 16 & 255)) + Math.abs((a >> 8 & 255) - (b >> 8 & 255))
                + Math.abs((a & 255) - (b & 255));
    }
}
