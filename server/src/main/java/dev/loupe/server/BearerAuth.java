package dev.loupe.server;

import dev.loupe.core.LogSecrets;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.Optional;

/**
 * The bearer token check: when a token is configured ({@code LOUPE_API_TOKEN}), every request but
 * the health check must carry {@code Authorization: Bearer <token>}. Tokens are compared as SHA-256
 * digests with {@link MessageDigest#isEqual}, so the comparison takes the same time whatever the
 * token's length and however many leading characters a guess gets right.
 */
final class BearerAuth {

    private static final String PREFIX = "Bearer ";
    private final Optional<byte[]> expected;

    BearerAuth(Optional<String> token) {
        token.ifPresent(LogSecrets::register);
        this.expected = token.filter(value -> !value.isBlank()).map(BearerAuth::digest);
    }

    boolean enabled() {
        return expected.isPresent();
    }

    /** Throws a 401 problem unless {@code authorization} carries the configured token. */
    void check(String authorization) {
        if (expected.isEmpty()) {
            return;
        }
        boolean bearer = authorization != null && authorization.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
        String presented = bearer ? authorization.substring(PREFIX.length()).trim() : "";
        // Always compare, even with nothing presented, so a missing header costs the same as a wrong one.
        boolean matches = MessageDigest.isEqual(expected.get(), digest(presented));
        if (!bearer || !matches) {
            throw new HttpProblem(ProblemType.UNAUTHORIZED,
                    bearer ? "the bearer token is not valid" : "this server requires Authorization: Bearer <token>",
                    Map.of("WWW-Authenticate", "Bearer realm=\"loupe\""));
        }
    }

    private static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
