package dev.loupe.model.openai;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Backoff arithmetic and the two forms of Retry-After. */
class RetryTimingTest {

    private static final Clock NOON = Clock.fixed(Instant.parse("2026-11-22T12:00:00Z"), ZoneOffset.UTC);

    @Test
    void retry_after_in_seconds() {
        assertEquals(Optional.of(Duration.ofSeconds(2)), RetryAfter.parse("2", NOON));
        assertEquals(Optional.of(Duration.ofMillis(1500)), RetryAfter.parse(" 1.5 ", NOON));
    }

    @Test
    void retry_after_as_an_http_date() {
        assertEquals(Optional.of(Duration.ofSeconds(30)), RetryAfter.parse("Sun, 22 Nov 2026 12:00:30 GMT", NOON));
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse("Sun, 22 Nov 2026 11:00:00 GMT", NOON));
    }

    @Test
    void retry_after_that_is_neither_is_ignored() {
        assertEquals(Optional.empty(), RetryAfter.parse("soon", NOON));
        assertEquals(Optional.empty(), RetryAfter.parse("-3", NOON));
        assertEquals(Optional.empty(), RetryAfter.parse(null, NOON));
    }

    @Test
    void backoff_doubles_per_attempt_with_jitter_in_its_upper_half() {
        RetryPolicy policy = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofSeconds(30));
        Random random = new Random(7);
        for (int attempt = 1; attempt <= 4; attempt++) {
            long full = 100L << (attempt - 1);
            for (int i = 0; i < 50; i++) {
                long wait = policy.delay(attempt, Optional.empty(), random).toMillis();
                assertTrue(wait >= full / 2 && wait <= full, "attempt " + attempt + ": " + wait);
            }
        }
    }

    @Test
    void the_server_wait_wins_when_longer_but_is_capped() {
        RetryPolicy policy = new RetryPolicy(3, Duration.ofMillis(10), Duration.ofSeconds(30));

        assertEquals(Duration.ofSeconds(5), policy.delay(1, Optional.of(Duration.ofSeconds(5)), new Random(1)));
        assertEquals(Duration.ofSeconds(30), policy.delay(1, Optional.of(Duration.ofDays(1)), new Random(1)));
    }
}
