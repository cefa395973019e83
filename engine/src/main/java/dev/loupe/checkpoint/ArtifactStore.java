package dev.loupe.checkpoint;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Content-addressed bytes (images, heatmaps, tool artefacts) stored once under their SHA-256, so a
 * checkpoint holds a 64-character hash instead of the bytes. Writing the same bytes twice is a no-op.
 */
public interface ArtifactStore {

    /** Stores the bytes if they are new and returns their SHA-256 (64 lower-case hex digits). */
    default String put(byte[] bytes) {
        return put(bytes, sha256(bytes));
    }

    /**
     * Stores bytes whose SHA-256 the caller has already computed (a loaded image carries its own),
     * if they are new, and returns that hash. Hashing 24 MP of JPEG costs ≈ 0.2 s before the JIT warms
     * up: an analysis pays it once, not once per holder of the bytes.
     */
    String put(byte[] bytes, String sha256);

    /** The bytes stored under this hash, if any. */
    Optional<byte[]> get(String sha256);

    /**
     * The file holding these bytes, when this store keeps files and has them; empty for stores that
     * keep bytes elsewhere (memory, a PostgreSQL table).
     */
    Optional<Path> path(String sha256);

    /** The lower-case hex SHA-256 of the bytes. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }

    /**
     * Checks that a hash is 64 lower-case hex digits, so that it can name a file safely.
     *
     * @throws IllegalArgumentException otherwise
     */
    static String requireSha256(String sha256) {
        boolean valid = sha256 != null && sha256.length() == 64
                && sha256.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
        if (!valid) {
            throw new IllegalArgumentException("Not a lower-case hex SHA-256: " + sha256);
        }
        return sha256;
    }
}
