package dev.loupe.server;

import dev.loupe.image.ImageLimits;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link LoupeServer} listens and what it admits.
 *
 * @param host           the address to bind; loopback unless told otherwise
 * @param port           the port, 0 for any free one
 * @param maxConcurrent  analyses that run at once
 * @param maxQueued      analyses that may wait for a running one to finish; beyond these, 429
 * @param requestTimeout how long a request waits for its analysis before a 504
 * @param limits         the image checks, the same as the CLI's: bytes (413 for larger uploads),
 *                       pixels, and the folder {@code {"path": …}} requests may read (none: paths refused)
 * @param apiToken       the bearer token every request but {@code /healthz} must carry, if any
 * @param runsDir        the folder of evaluation runs {@code /v1/runs} lists, if any
 * @param origins        the names the server answers to, and whether browsers' cross-site requests are refused
 *                       (they are unless a token is set and the operator turns the checks off)
 * @param uploads        how many bodies are received at once, and how long one may take
 */
public record ServerConfig(String host, int port, int maxConcurrent, int maxQueued, Duration requestTimeout,
                           ImageLimits limits, Optional<String> apiToken, Optional<Path> runsDir, OriginPolicy origins,
                           UploadPolicy uploads) {

    public static final String LOOPBACK = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);

    public ServerConfig {
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("no such port: " + port);
        }
        if (maxConcurrent < 1 || maxQueued < 0) {
            throw new IllegalArgumentException("--max-concurrent must be at least 1 and --max-queued at least 0");
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("--request-timeout must be positive");
        }
        Objects.requireNonNull(limits, "limits");
        apiToken = apiToken == null ? Optional.empty() : apiToken.filter(token -> !token.isBlank());
        runsDir = runsDir == null ? Optional.empty() : runsDir;
        origins = origins == null ? OriginPolicy.defaults() : origins;
        uploads = uploads == null ? UploadPolicy.defaults() : uploads;
        if (origins.anyOrigin() && apiToken.isEmpty()) {
            throw new IllegalArgumentException("--allow-any-origin needs a token (LOUPE_API_TOKEN): without one, any page "
                    + "in a browser that reaches the server could use it");
        }
    }

    /**
     * Loopback, port 8080, two analyses per core running and as many waiting, 120 s, the CLI's image
     * limits, no token, same-origin checks, sixteen uploads at once of a minute each.
     */
    public static ServerConfig defaults() {
        int running = 2 * Runtime.getRuntime().availableProcessors();
        return new ServerConfig(LOOPBACK, DEFAULT_PORT, running, running, DEFAULT_TIMEOUT, ImageLimits.defaults(), Optional.empty(),
                Optional.empty(), OriginPolicy.defaults(), UploadPolicy.defaults());
    }

    public ServerConfig withPort(int value) {
        return new ServerConfig(host, value, maxConcurrent, maxQueued, requestTimeout, limits, apiToken, runsDir, origins, uploads);
    }

    public ServerConfig withHost(String value) {
        return new ServerConfig(value, port, maxConcurrent, maxQueued, requestTimeout, limits, apiToken, runsDir, origins, uploads);
    }

    public ServerConfig withPool(int running, int queued) {
        return new ServerConfig(host, port, running, queued, requestTimeout, limits, apiToken, runsDir, origins, uploads);
    }

    public ServerConfig withRequestTimeout(Duration value) {
        return new ServerConfig(host, port, maxConcurrent, maxQueued, value, limits, apiToken, runsDir, origins, uploads);
    }

    public ServerConfig withLimits(ImageLimits value) {
        return new ServerConfig(host, port, maxConcurrent, maxQueued, requestTimeout, value, apiToken, runsDir, origins, uploads);
    }

    /** Lists the evaluation runs in {@code value} at {@code /v1/runs}. */
    public ServerConfig withRunsDir(Path value) {
        return new ServerConfig(host, port, maxConcurrent, maxQueued, requestTimeout, limits, apiToken, Optional.ofNullable(value), origins, uploads);
    }

    /**
     * The names the server answers to besides its own, and whether it checks Host and Origin at all;
     * turning the checks off needs the token set first.
     */
    public ServerConfig withOrigins(OriginPolicy value) {
        return new ServerConfig(host, port, maxConcurrent, maxQueued, requestTimeout, limits, apiToken, runsDir, value, uploads);
    }

    public ServerConfig withUploads(UploadPolicy value) {
        return new ServerConfig(host, port, maxConcurrent, maxQueued, requestTimeout, limits, apiToken, runsDir, origins, value);
    }

    public ServerConfig withApiToken(String value) {
        return new ServerConfig(host, port, maxConcurrent, maxQueued, requestTimeout, limits, Optional.ofNullable(value), runsDir, origins, uploads);
    }
}
