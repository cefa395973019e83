package dev.loupe.model.offline;

import java.awt.image.BufferedImage;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What can be measured of an image without understanding it, by name: the facts the {@code facts}
 * policy maps to a graph's output fields. Every value is deterministic for the same pixels.
 */
final class ImageMeasures {

    /** Hue names by 30° sector, starting at red. */
    private static final String[] HUES = {"red", "orange", "yellow", "yellow", "green", "green", "cyan", "blue", "blue",
            "purple", "pink", "red"};
    /** A pixel takes part in the hue vote when it is this saturated and this bright. */
    private static final double MIN_SATURATION = 0.25;
    private static final double MIN_VALUE = 0.2;
    /** Below this share of coloured pixels, the image is named by its brightness. */
    private static final double MIN_COLOURED_SHARE = 0.15;

    private ImageMeasures() {
    }

    /** The measures of {@code image}, sent at its own size, by name. */
    static Map<String, Object> of(BufferedImage image) {
        PixelStatistics statistics = PixelStatistics.of(image);
        Map<String, Object> facts = new LinkedHashMap<>();
        int w = image.getWidth();
        int h = image.getHeight();
        double ratio = (double) w / h;
        facts.put("orientation", ratio > 1.05 ? "landscape" : ratio < 0.95 ? "portrait" : "square");
        facts.put("aspect_ratio", Math.round(ratio * 100) / 100.0);
        facts.put("brightness", statistics.brightness() < 70 ? "dark" : statistics.brightness() > 185 ? "bright" : "mid");
        facts.put("brightness_level", Math.round(statistics.brightness()));
        facts.put("contrast", Math.round(statistics.contrast() * 10) / 10.0);
        facts.put("colourfulness", statistics.saturation() < 0.05 ? "greyscale"
                : statistics.saturation() < 0.25 ? "muted" : "saturated");
        facts.put("cast", statistics.meanRed() > statistics.meanBlue() + 20 ? "warm"
                : statistics.meanBlue() > statistics.meanRed() + 20 ? "cool" : "neutral");
        facts.put("detail", statistics.edgeDensity() > 0.12 ? "fine" : statistics.edgeDensity() > 0.03 ? "moderate" : "smooth");
        facts.put("dominant_colour", dominantColour(image, statistics.brightness()));
        facts.put("summary", statistics.describe());
        return facts;
    }

    /** The hue most coloured pixels share, or white, grey or black when few pixels have a colour. */
    static String dominantColour(BufferedImage image, double brightness) {
        int w = image.getWidth();
        int h = image.getHeight();
        int[] rgb = image.getRGB(0, 0, w, h, null, 0, w);
        long[] votes = new long[HUES.length];
        long coloured = 0;
        float[] hsb = new float[3];
        for (int p : rgb) {
            java.awt.Color.RGBtoHSB((p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff, hsb);
            if (hsb[1] >= MIN_SATURATION && hsb[2] >= MIN_VALUE) {
                votes[Math.min(HUES.length - 1, (int) (hsb[0] * HUES.length))]++;
                coloured++;
            }
        }
        if (coloured < MIN_COLOURED_SHARE * rgb.length) {
            return brightness > 200 ? "white" : brightness < 55 ? "black" : "grey";
        }
        Map<String, Long> byName = new LinkedHashMap<>();
        for (int i = 0; i < votes.length; i++) {
            byName.merge(HUES[i], votes[i], Long::sum);
        }
        return byName.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey().toLowerCase(Locale.ROOT);
    }
}
