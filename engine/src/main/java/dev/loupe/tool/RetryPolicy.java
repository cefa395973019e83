package dev.loupe.tool;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * How often a tool call that failed with a {@link RetryableToolException} is tried again, and how
 * long to wait between attempts: exponential backoff from {@code backoff}, capped at
 * {@code maxBackoff}, with full jitter (a uniformly random wait up to that bound), so that calls
 * that failed together do not all come back at the same instant.
 *
 * @param retries    attempts after the first (0: none)
 * @param backoff    the bound of the wait before the first retry; doubled for each later one
 * @param maxBackoff the largest bound
 */
public record RetryPolicy(int retries, Duration backoff, Duration maxBackoff) {

    /** As the seed loop had it: two retries; waits up to 0.2 s, then 0.4 s. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(2, Duration.ofMillis(200), Duration.ofSeconds(2));

    public RetryPolicy {
        if (retries < 0) {
            throw new IllegalArgumentException("retries must be 0 or more, not " + retries);
        }
        Objects.requireNonNull(backoff, "backoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        if (backoff.isNegative() || maxBackoff.isNegative()) {
            throw new IllegalArgumentException("backoff must not be negative");
        }
    }

    /** The wait before attempt {@code attempt} (2 for the first retry), drawn from {@code random}. */
    public Duration delayBefore(int attempt, RandomGenerator random) {
        long bound = backoff.toMillis() << Math.min(20, Math.max(0, attempt - 2));
        bound = Math.min(bound, maxBackoff.toMillis());
        return bound <= 0 ? Duration.ZERO : Duration.ofMillis(random.nextLong(bound + 1));
    }
}
