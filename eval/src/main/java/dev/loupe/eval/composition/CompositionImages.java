package dev.loupe.eval.composition;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.Polygon;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Pictures whose composition is known because they are drawn to order: a sky over textured ground
 * with the horizon turned by a given angle; a subject disc on one of the four thirds crossings or in
 * the centre of a textured background; one heavy mass on one side, or two equal masses mirrored.
 * Deterministic: the same seed draws the same pixels.
 */
public final class CompositionImages {

    /** One generated picture and what it is known to show; absent expectations are null. */
    public record Item(String file, String kind, Double tiltDegrees, String placement, String balance) {
    }

    static final int WIDTH = 1200;
    static final int HEIGHT = 800;
    static final double[] TILTS = {-8, -5, -3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 3, 5, 8};
    private static final double[] HORIZON_HEIGHTS = {0.4, 0.62};
    private static final double[][] THIRDS = {{1 / 3.0, 1 / 3.0}, {2 / 3.0, 1 / 3.0}, {1 / 3.0, 2 / 3.0}, {2 / 3.0, 2 / 3.0}};
    private static final Color[] SUBJECTS = {new Color(200, 40, 30), new Color(240, 200, 40), new Color(30, 60, 170),
            new Color(250, 250, 245), new Color(20, 20, 20)};

    private CompositionImages() {
    }

    /** Draws the whole set into {@code folder} as PNG files and returns what each shows. */
    public static List<Item> write(Path folder) throws IOException {
        return write(folder, file -> true);
    }

    /** Draws the pictures whose file names {@code wanted} accepts and returns what each shows. */
    public static List<Item> write(Path folder, java.util.function.Predicate<String> wanted) throws IOException {
        Files.createDirectories(folder);
        List<Item> items = new ArrayList<>();
        int n = 0;
        for (double height : HORIZON_HEIGHTS) {
            for (double tilt : TILTS) {
                String file = String.format(Locale.ROOT, "horizon-%02d.png", ++n);
                if (wanted.test(file)) {
                    save(horizon(tilt, height, n), folder.resolve(file));
                    items.add(new Item(file, "horizon", tilt, null, null));
                }
            }
        }
        n = 0;
        for (int c = 0; c < SUBJECTS.length; c++) {
            for (int p = 0; p <= THIRDS.length; p++) {
                boolean centre = p == THIRDS.length;
                double[] at = centre ? new double[]{0.5, 0.5} : THIRDS[p];
                String file = String.format(Locale.ROOT, "placement-%02d.png", ++n);
                if (wanted.test(file)) {
                    save(subject(at[0], at[1], SUBJECTS[c], n), folder.resolve(file));
                    items.add(new Item(file, "placement", null, centre ? "centre" : "thirds", null));
                }
            }
        }
        n = 0;
        for (int c = 0; c < SUBJECTS.length; c++) {
            for (boolean balanced : new boolean[]{true, false}) {
                String file = String.format(Locale.ROOT, "balance-%02d.png", ++n);
                if (wanted.test(file)) {
                    save(masses(balanced, SUBJECTS[c], n), folder.resolve(file));
                    items.add(new Item(file, "balance", null, null, balanced ? "balanced" : "unbalanced"));
                }
            }
        }
        return items;
    }

    /** Sky over ground, the boundary through ({@code WIDTH/2}, {@code height·HEIGHT}) turned {@code tilt} degrees (positive rises to the right). */
    public static BufferedImage horizon(double tilt, double height, long seed) {
        BufferedImage image = canvas();
        Graphics2D g = graphics(image);
        g.setPaint(new GradientPaint(0, 0, new Color(110, 160, 225), 0, HEIGHT, new Color(200, 220, 240)));
        g.fillRect(0, 0, WIDTH, HEIGHT);
        double slope = -Math.tan(Math.toRadians(tilt));
        double cy = height * HEIGHT;
        int left = (int) Math.round(cy - slope * WIDTH / 2.0);
        int right = (int) Math.round(cy + slope * WIDTH / 2.0);
        g.setColor(new Color(70, 95, 55));
        g.fill(new Polygon(new int[]{0, WIDTH, WIDTH, 0}, new int[]{left, right, HEIGHT + 10, HEIGHT + 10}, 4));
        g.dispose();
        texture(image, seed, 6, Math.min(left, right) + 8);
        return image;
    }

    public static BufferedImage subject(double x, double y, Color colour, long seed) {
        BufferedImage image = canvas();
        Graphics2D g = graphics(image);
        g.setPaint(new GradientPaint(0, 0, new Color(150, 150, 140), WIDTH, HEIGHT, new Color(120, 125, 118)));
        g.fillRect(0, 0, WIDTH, HEIGHT);
        disc(g, x, y, 0.07, colour);
        g.dispose();
        texture(image, seed, 5, 0);
        return image;
    }

    public static BufferedImage masses(boolean balanced, Color colour, long seed) {
        BufferedImage image = canvas();
        Graphics2D g = graphics(image);
        g.setColor(new Color(135, 138, 130));
        g.fillRect(0, 0, WIDTH, HEIGHT);
        Random random = new Random(seed);
        double y = 0.4 + 0.2 * random.nextDouble();
        if (balanced) {
            disc(g, 0.25, y, 0.08, colour);
            disc(g, 0.75, y, 0.08, colour);
        } else {
            disc(g, 0.2 + 0.1 * random.nextDouble(), y, 0.1, colour);
        }
        g.dispose();
        texture(image, seed, 5, 0);
        return image;
    }

    private static void disc(Graphics2D g, double x, double y, double radius, Color colour) {
        double r = radius * WIDTH;
        g.setColor(colour);
        g.fill(new Ellipse2D.Double(x * WIDTH - r, y * HEIGHT - r, 2 * r, 2 * r));
        g.setColor(colour.darker());
        g.setStroke(new BasicStroke(4));
        g.draw(new Ellipse2D.Double(x * WIDTH - r, y * HEIGHT - r, 2 * r, 2 * r));
    }

    /** Mild per-pixel noise from row {@code fromY} down, so flat areas are not perfectly flat. */
    private static void texture(BufferedImage image, long seed, int amplitude, int fromY) {
        Random random = new Random(seed);
        for (int y = Math.max(0, fromY); y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                int rgb = image.getRGB(x, y);
                int d = random.nextInt(2 * amplitude + 1) - amplitude;
                int r = clamp(((rgb >> 16) & 255) + d);
                int gr = clamp(((rgb >> 8) & 255) + d);
                int b = clamp((rgb & 255) + d);
                image.setRGB(x, y, (r << 16) | (gr << 8) | b);
            }
        }
    }

    private static int clamp(int v) {
        return Math.max(0, Math.min(255, v));
    }

    private static BufferedImage canvas() {
        return new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    }

    private static Graphics2D graphics(BufferedImage image) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        return g;
    }

    private static void save(BufferedImage image, Path file) throws IOException {
        ImageIO.write(image, "png", file.toFile());
    }
}
