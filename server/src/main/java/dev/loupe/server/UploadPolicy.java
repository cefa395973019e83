package dev.loupe.server;

import java.time.Duration;

/**
 * How request bodies are received, apart from the analyses they lead to: a body is read whole before
 * an analysis slot is taken, so a client that sends its headers and stalls holds no slot; what it
 * does hold — a place among the uploads being received — is bounded here.
 *
 * @param concurrent bodies received at once; more get 429 ({@code uploads-busy}). Each holds at most
 *                   the upload limit in memory, so this also bounds what uploads can take
 * @param timeout    the time a whole body may take to arrive; a slower one gets 408 ({@code upload-timeout})
 */
public record UploadPolicy(int concurrent, Duration timeout) {

    public static final int DEFAULT_CONCURRENT = 16;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    public UploadPolicy {
        if (concurrent < 1) {
            throw new IllegalArgumentException("--max-uploads must be at least 1");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("--upload-timeout must be positive");
        }
    }

    /** Sixteen bodies at once, a minute each. */
    public static UploadPolicy defaults() {
        return new UploadPolicy(DEFAULT_CONCURRENT, DEFAULT_TIMEOUT);
    }
}
