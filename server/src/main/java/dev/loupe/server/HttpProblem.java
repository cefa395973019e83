package dev.loupe.server;

import dev.loupe.core.Failures;
import dev.loupe.core.LoupeException;

import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Map;

/**
 * A request that ends in an error response, thrown from a route and turned into a {@link Problem}
 * in one place ({@link LoupeServer}). Failures of the engine arrive as {@link LoupeException}s and
 * are mapped by {@link #of(Throwable)}, their status coming from {@link LoupeException.Kind#httpStatus()}.
 */
public final class HttpProblem extends RuntimeException {

    /** RFC 9457's type for a problem that means no more than its status. */
    private static final String ABOUT_BLANK = "about:blank";

    private final int status;
    private final String type;
    private final String title;
    private final Map<String, String> headers;

    private HttpProblem(int status, String type, String title, String detail, Map<String, String> headers) {
        super(detail);
        this.status = status;
        this.type = type;
        this.title = title;
        this.headers = Map.copyOf(headers);
    }

    public HttpProblem(ProblemType type, String detail, Map<String, String> headers) {
        this(type.status(), type.uri(), type.title(), detail, headers);
    }

    public HttpProblem(ProblemType type, String detail) {
        this(type, detail, Map.of());
    }

    /** A status raised inside the web framework that is none of Loupe's problem types. */
    static HttpProblem ofStatus(int status, String detail) {
        for (ProblemType type : ProblemType.values()) {
            if (type.status() == status) {
                return new HttpProblem(type, detail);
            }
        }
        return new HttpProblem(status, ABOUT_BLANK, "HTTP " + status, detail, Map.of());
    }

    public static HttpProblem badRequest(String detail) {
        return new HttpProblem(ProblemType.BAD_INPUT, detail);
    }

    public static HttpProblem tooLarge(String detail) {
        return new HttpProblem(ProblemType.TOO_LARGE, detail);
    }

    public static HttpProblem notFound(String detail) {
        return new HttpProblem(ProblemType.NOT_FOUND, detail);
    }

    /** Whatever a route threw, as the problem the client is told about. */
    public static HttpProblem of(Throwable thrown) {
        if (thrown instanceof HttpProblem problem) {
            return problem;
        }
        LoupeException error = Failures.unwrap(thrown);
        return switch (error.kind()) {
            case BAD_INPUT -> badRequest(error.getMessage());
            case CONFLICT -> new HttpProblem(ProblemType.of(error.conflict()), error.getMessage());
            case UNAVAILABLE -> new HttpProblem(ProblemType.UNAVAILABLE, error.getMessage());
            // Internal messages may quote library internals; the client learns only that it was a bug.
            case INTERNAL -> new HttpProblem(ProblemType.INTERNAL,
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
        return new Problem(type, title, status, getMessage(), instance);
    }

    /** Sends this problem as the whole response to a request for {@code instance}, outside the routes ({@code /mcp}). */
    void send(HttpServletResponse response, String instance) throws IOException {
        response.resetBuffer();
        headers.forEach(response::setHeader);
        response.setStatus(status);
        response.setContentType(Problem.CONTENT_TYPE_UTF8);
        byte[] body = toProblem(instance).toBytes();
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
