package dev.loupe.tool.forensic.metadata;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses EXIF date-times ({@code yyyy:MM:dd HH:mm:ss}, also with dashes) and measures gaps. */
final class ExifDates {

    private static final Pattern DATE_TIME =
            Pattern.compile("(\\d{4})[:-](\\d{2})[:-](\\d{2})[ T](\\d{2}):(\\d{2}):(\\d{2}).*");

    private ExifDates() {
    }

    /** The date-time written, or empty for blanks such as {@code 0000:00:00 00:00:00}. */
    static Optional<LocalDateTime> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        Matcher m = DATE_TIME.matcher(value.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
                    Integer.parseInt(m.group(6))));
        } catch (java.time.DateTimeException e) {
            return Optional.empty();
        }
    }

    /** Seconds from {@code original} to {@code modified}; empty when either does not parse. */
    static Optional<Long> gapSeconds(String original, String modified) {
        Optional<LocalDateTime> from = parse(original);
        Optional<LocalDateTime> to = parse(modified);
        if (from.isEmpty() || to.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Duration.between(from.get(), to.get()).getSeconds());
    }

    /** The widest time-zone difference between two clocks on Earth (UTC−12 to UTC+14 is 26 h; a camera set to
     *  local time against software writing UTC differs by at most 14 h). */
    static final long MAX_ZONE_SECONDS = 14 * 3600;
    /**
     * How far a camera's hand-set clock may be from a computer's: a few minutes, so a zone gap is whole
     * hours give or take this. Wider would take in rewrites minutes off an hour (3 h 52 min is one).
     */
    static final long CLOCK_DRIFT_SECONDS = 5 * 60;

    /**
     * Whether a later ModifyDate is what two clocks in different time zones write for about the same
     * moment: ahead by a whole number of hours (one to {@value #MAX_ZONE_SECONDS} seconds' worth), give or
     * take a hand-set clock's drift. Software that keeps the camera's capture date (local time) while
     * writing its own clock's time (UTC, or the computer's zone) leaves such a gap without any edit.
     */
    static boolean clockOffset(long gapSeconds) {
        if (gapSeconds < 3600 - CLOCK_DRIFT_SECONDS || gapSeconds > MAX_ZONE_SECONDS + CLOCK_DRIFT_SECONDS) {
            return false;
        }
        long hours = Math.round(gapSeconds / 3600.0);
        return Math.abs(gapSeconds - hours * 3600) <= CLOCK_DRIFT_SECONDS;
    }

    /** A gap in words: "3 days 4 h", "12 min", "40 s". */
    static String describe(long seconds) {
        long s = Math.abs(seconds);
        String sign = seconds < 0 ? "-" : "";
        if (s >= 86_400) {
            return sign + (s / 86_400) + " days " + (s % 86_400) / 3600 + " h";
        }
        if (s >= 3600) {
            return sign + (s / 3600) + " h " + (s % 3600) / 60 + " min";
        }
        if (s >= 60) {
            return sign + (s / 60) + " min";
        }
        return sign + s + " s";
    }
}
