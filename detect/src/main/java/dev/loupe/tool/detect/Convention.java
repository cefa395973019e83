package dev.loupe.tool.detect;

import java.util.Locale;

/**
 * How a model wrote its boxes: the scale of the numbers (fractions of the image, pixels, or
 * thousandths as Gemini writes them) and the order of the corners ({@code [x1, y1, x2, y2]} or
 * {@code [y1, x1, y2, x2]}).
 */
public record Convention(Scale scale, boolean yFirst) {

    /** The scale of a box's numbers. */
    public enum Scale {
        /** Fractions of the width and height, 0 to 1. */
        NORMALIZED,
        /** Pixels of the image. */
        PIXELS,
        /** Thousandths of the width and height, 0 to 1000. */
        PER_MILLE;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final Convention NORMALIZED_XYXY = new Convention(Scale.NORMALIZED, false);

    /** Gemini's {@code box_2d}: {@code [y1, x1, y2, x2]} in 0–1000. */
    public static final Convention GEMINI = new Convention(Scale.PER_MILLE, true);

    /** {@code "pixels [x1, y1, x2, y2]"}. */
    public String describe() {
        return scale.wireName() + (yFirst ? " [y1, x1, y2, x2]" : " [x1, y1, x2, y2]");
    }

    /** A coordinate in this convention as a fraction of {@code extent} pixels. */
    double fraction(double value, int extent) {
        return switch (scale) {
            case NORMALIZED -> value;
            case PIXELS -> value / extent;
            case PER_MILLE -> value / 1000.0;
        };
    }
}
