package dev.loupe.model.openai;

import dev.langchain4j.exception.HttpException;

/**
 * An HTTP error response that remembers its {@code Retry-After} header, which langchain4j's own
 * {@link HttpException} drops. langchain4j wraps it (as a rate-limit or server error, say) but keeps
 * it as the cause, so the retry logic finds it in the cause chain.
 */
final class StatusException extends HttpException {

    private final String retryAfter;

    StatusException(int statusCode, String body, String retryAfter) {
        super(statusCode, body);
        this.retryAfter = retryAfter;
    }

    /** The raw header value, or null when the server sent none. */
    String retryAfter() {
        return retryAfter;
    }
}
