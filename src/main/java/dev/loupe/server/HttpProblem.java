package dev.loupe.server;

import dev.loupe.core.Failures;
import dev.loupe.core.LoupeException;

import java.util.Map;

/**
 * A request that ends in an error response, thrown from a route and turned into a {@link Problem}
 * in one place ({@link LoupeServer}). Failures of the engine arrive as {@link LoupeException}s and
 * are mapped by {@link #of(Throwable)}, their status coming from {@link LoupeException.Kind#httpStatus()}.
 */
public final class HttpProblem extends RuntimeException {

    private final int status;
    private final String slug;
    private final String title;
    private final Map<String, String> headers;

    public HttpProblem(int status, String slug, String title, String detail, Map<String, String> headers) {
        super(detail);
        this.status = status;
        this.slug = slug;
        this.title = title;
        this.headers = Map.copyOf(headers);
    }

    public HttpProblem(int status, String slug, String title, String detail) {
        this(status, slug, title, detail, Map.of());
    }

    public static HttpProblem badRequest(String detail) {
        return new HttpProblem(400, "bad-input", "The input cannot be analysed", detail);
    }

    public static HttpProblem tooLarge(String detail) {
        return new HttpProblem(413, "too-large", "The upload is too large", detail);
    }

    public static HttpProblem notFound(String detail) {
        return new HttpProblem(404, "not-found", "Not found", detail);
    }

    /** Whatever a route threw, as the problem the client is told about. */
    public static HttpProblem of(Throwable thrown) {
        if (thrown instanceof HttpProblem problem) {
            return problem;
        }
        LoupeException error = Failures.unwrap(thrown);
        return switch (error.kind()) {
            case BAD_INPUT -> badRequest(error.getMessage());
            case CONFLICT -> new HttpProblem(error.kind().httpStatus(), "conflict", "The thread id is taken",
                    error.getMessage());
            case UNAVAILABLE -> new HttpProblem(error.kind().httpStatus(), "unavailable",
                    "A model or service is unavailable", error.getMessage());
            // Internal messages may quote library internals; the client learns only that it was a bug.
            case INTERNAL -> new HttpProblem(error.kind().httpStatus(), "internal", "Internal error",
                    "Loupe failed on this request; the server log has the details.");
        };
    }

    public int status() {
        return status;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public Problem toProblem(String instance) {
        return new Problem("urn:loupe:problem:" + slug, title, status, getMessage(), instance);
    }
}
