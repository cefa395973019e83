package dev.loupe.model.openai;

import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** The {@code Retry-After} response header, which is either a number of seconds or an HTTP date. */
final class RetryAfter {

    private RetryAfter() {
    }

    static Optional<Duration> parse(String value, Clock clock) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String text = value.strip();
        try {
            double seconds = Double.parseDouble(text);
            return seconds < 0 || Double.isNaN(seconds) ? Optional.empty()
                    : Optional.of(Duration.ofMillis((long) Math.ceil(seconds * 1000)));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration wait = Duration.between(clock.instant(), at.toInstant());
                return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
            } catch (DateTimeParseException notDate) {
                return Optional.empty();
            }
        }
    }
}
