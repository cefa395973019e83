package dev.loupe.model.openai;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;

import dev.loupe.core.Causes;

import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Which failures are worth another attempt: rate limits (429), server errors (5xx, 408), timeouts
 * and refused or dropped connections. Authentication, bad requests and unknown models are not.
 */
final class TransientFailure {

    private TransientFailure() {
    }

    static boolean isTransient(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
                return false; // a name that does not resolve will not resolve a second later
            }
        }
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HttpException http) {
                int status = http.statusCode();
                return status == 408 || status == 429 || status >= 500;
            }
            if (t instanceof RateLimitException || t instanceof InternalServerException || t instanceof TimeoutException
                    || t instanceof HttpTimeoutException || t instanceof ConnectException
                    || t instanceof ClosedChannelException || t instanceof java.io.EOFException) {
                return true;
            }
            if (t instanceof java.io.IOException io && io.getMessage() != null
                    && io.getMessage().toLowerCase(java.util.Locale.ROOT).contains("connection")) {
                return true;
            }
        }
        return false;
    }

    /** The wait the server asked for, when an error response carried a {@code Retry-After}. */
    static Optional<Duration> retryAfter(Throwable thrown, Clock clock) {
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StatusException status) {
                return RetryAfter.parse(status.retryAfter(), clock);
            }
        }
        return Optional.empty();
    }

    /**
     * A short description for the one-line error: the HTTP status, or the network failure in words
     * ("cannot resolve api.openai.com", "connection refused by 127.0.0.1:9").
     *
     * @param baseUrl where the request went, to name the host
     */
    static String describe(Throwable thrown, String baseUrl) {
        URI target = null;
        try {
            target = baseUrl == null ? null : URI.create(baseUrl);
        } catch (IllegalArgumentException e) {
            // an endpoint that is no URI is named by the caller already
        }
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HttpException http) {
                return "HTTP " + http.statusCode();
            }
            if (t instanceof TimeoutException) {
                return "no answer within the timeout";
            }
        }
        return Causes.of(thrown, target);
    }

    static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        String line = newline < 0 ? text : text.substring(0, newline);
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
