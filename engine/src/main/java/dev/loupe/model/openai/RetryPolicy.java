package dev.loupe.model.openai;

import java.time.Duration;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * How long to wait before the next attempt: exponential backoff from {@code baseDelay} with full
 * jitter in its upper half, capped at {@code maxDelay}; a server's {@code Retry-After} wins when it
 * asks for longer (and is itself capped, so a hostile header cannot park the run for a day).
 *
 * @param maxAttempts attempts per request, counting the first
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay) {

    public static final Duration DEFAULT_BASE_DELAY = Duration.ofMillis(500);
    public static final Duration DEFAULT_MAX_DELAY = Duration.ofSeconds(30);

    public RetryPolicy {
        maxAttempts = Math.max(1, maxAttempts);
        baseDelay = baseDelay == null ? DEFAULT_BASE_DELAY : baseDelay;
        maxDelay = maxDelay == null ? DEFAULT_MAX_DELAY : maxDelay;
    }

    /** The wait after failed attempt number {@code attempt} (1-based). */
    public Duration delay(int attempt, Optional<Duration> retryAfter, RandomGenerator random) {
        long exponential = baseDelay.toMillis() << Math.min(20, Math.max(0, attempt - 1));
        long capped = Math.min(exponential, maxDelay.toMillis());
        long jittered = capped / 2 + (capped <= 1 ? 0 : random.nextLong(capped / 2 + 1));
        long server = retryAfter.map(Duration::toMillis).orElse(0L);
        return Duration.ofMillis(Math.max(jittered, Math.min(server, maxDelay.toMillis())));
    }
}
