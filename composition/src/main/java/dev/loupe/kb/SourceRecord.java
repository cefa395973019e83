package dev.loupe.kb;

import java.time.Instant;
import java.util.Objects;

/**
 * One file as a collection remembers it: its key (an absolute path, or {@code bundled:NAME}), the
 * SHA-256 of its bytes when it was embedded (so an unchanged file is not embedded again), how many
 * chunks it gave and when.
 */
public record SourceRecord(String source, String sha256, int chunks, Instant ingestedAt) {

    public SourceRecord {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(ingestedAt, "ingestedAt");
    }
}
