package dev.loupe.image;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** The "61.2 MB; the limit is 50 MB" wording of a limit that was exceeded. */
final class LimitText {

    private static final long MB = 1024 * 1024;

    private LimitText() {
    }

    static String bytes(long size, long limit) {
        String unit = limit >= MB ? "MB" : limit >= 1024 ? "KB" : null;
        if (unit != null) {
            long scale = unit.equals("MB") ? MB : 1024;
            String shown = oneDecimal(BigDecimal.valueOf(size), scale);
            String limitShown = oneDecimal(BigDecimal.valueOf(limit), scale);
            if (!shown.equals(limitShown)) {
                return shown + " " + unit + "; the limit is " + limitShown + " " + unit;
            }
        }
        // Rounding would make the size read like the limit: give exact figures.
        return String.format(Locale.ROOT, "%,d bytes; the limit is %,d bytes", size, limit);
    }

    static String pixels(long width, long height, long limit) {
        // Exact even for TIFF's 2^32-1 by 2^32-1, which overflows a long.
        BigDecimal pixels = BigDecimal.valueOf(width).multiply(BigDecimal.valueOf(height));
        String shown = oneDecimal(pixels, 1_000_000);
        String limitShown = oneDecimal(BigDecimal.valueOf(limit), 1_000_000);
        if (!shown.equals(limitShown)) {
            return width + "×" + height + " is " + shown + " megapixels; the limit is " + limitShown;
        }
        return String.format(Locale.ROOT, "%d×%d is %,d pixels; the limit is %,d", width, height, pixels.toBigInteger(), limit);
    }

    /** 61.2, or 50 rather than 50.0. */
    private static String oneDecimal(BigDecimal value, long scale) {
        BigDecimal scaled = value.divide(BigDecimal.valueOf(scale), 1, RoundingMode.HALF_UP);
        return scaled.stripTrailingZeros().toPlainString();
    }
}
