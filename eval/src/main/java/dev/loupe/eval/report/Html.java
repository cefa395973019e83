package dev.loupe.eval.report;

import dev.loupe.eval.metrics.Rate;

import java.util.Locale;

/** Number and rate formats shared by the HTML and SVG renderers (escaping is {@link dev.loupe.core.Markup}). */
final class Html {

    private Html() {
    }

    /** A number with {@code digits} decimals, or an en dash when undefined. */
    static String number(double value, int digits) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%." + digits + "f", value);
    }

    static String percent(double fraction) {
        return Double.isNaN(fraction) ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }

    /** {@code 83.3% [71.2–90.8] (25/30)}. */
    static String rate(Rate r) {
        if (!r.defined()) {
            return "– (0 items)";
        }
        return String.format(Locale.ROOT, "%.1f%% [%.1f–%.1f] (%d/%d)", 100 * r.value(), 100 * r.low(), 100 * r.high(),
                r.successes(), r.trials());
    }

    /** A coordinate for SVG: two decimals at most, never in exponent form. */
    static String px(double value) {
        return String.format(Locale.ROOT, "%.2f", value).replaceAll("\\.?0+$", "");
    }
}
