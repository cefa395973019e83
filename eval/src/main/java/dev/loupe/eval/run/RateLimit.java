package dev.loupe.eval.run;

import dev.loupe.core.LoupeException;

/**
 * Spaces analysis starts evenly so that at most {@code perMinute} begin in any minute, for remote
 * models with request quotas. Thread-safe; {@link #NONE} never waits.
 */
public final class RateLimit {

    public static final RateLimit NONE = new RateLimit(0);

    private final long intervalNanos;
    private long next;

    private RateLimit(double perMinute) {
        this.intervalNanos = perMinute <= 0 ? 0 : (long) (60e9 / perMinute);
    }

    /** Parses {@code N/min} or {@code N} (per minute). */
    public static RateLimit parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        String number = text.strip().replaceFirst("(?i)\\s*/\\s*min$", "");
        try {
            double perMinute = Double.parseDouble(number);
            if (perMinute > 0) {
                return new RateLimit(perMinute);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw LoupeException.badInput("--rate-limit takes N/min with N above 0 (e.g. 60/min), not " + text);
    }

    /** Blocks until the next start slot. */
    public void acquire() throws InterruptedException {
        if (intervalNanos == 0) {
            return;
        }
        long slot;
        synchronized (this) {
            long now = System.nanoTime();
            slot = Math.max(now, next);
            next = slot + intervalNanos;
        }
        long wait = slot - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }

    public double perMinute() {
        return intervalNanos == 0 ? 0 : 60e9 / intervalNanos;
    }
}
