package dev.loupe.model.openai;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Writes requests and responses for {@code --log-requests}: header values are shown only for
 * headers known to carry no secret, bodies are redacted of every known secret and shortened (a
 * base64 image is megabytes of noise).
 */
final class RequestLog {

    private static final Set<String> HARMLESS_HEADERS = Set.of("content-type", "accept", "user-agent", "content-length",
            "retry-after", "date", "x-request-id", "openai-model", "openai-processing-ms");
    private static final int MAX_BODY = 2000;

    private final Consumer<String> sink;
    private final Redactor redactor;

    RequestLog(Consumer<String> sink, Redactor redactor) {
        this.sink = sink;
        this.redactor = redactor;
    }

    void request(String method, String url, Map<String, List<String>> headers, String body) {
        write("request: " + method + " " + url + " headers " + headers(headers) + "\n  body: " + shorten(body));
    }

    void response(int status, Map<String, List<String>> headers, String body) {
        write("response: " + status + " headers " + headers(headers) + "\n  body: " + shorten(body));
    }

    void failure(String url, Throwable error) {
        write("request to " + url + " failed: " + error.getClass().getSimpleName()
                + (error.getMessage() == null ? "" : ": " + error.getMessage()));
    }

    private void write(String line) {
        try {
            sink.accept("loupe http " + redactor.redact(line));
        } catch (RuntimeException ignored) {
            // Logging must never fail a request.
        }
    }

    private static String headers(Map<String, List<String>> headers) {
        StringBuilder out = new StringBuilder("{");
        headers.forEach((name, values) -> {
            if (out.length() > 1) {
                out.append(", ");
            }
            boolean harmless = HARMLESS_HEADERS.contains(name.toLowerCase(Locale.ROOT));
            out.append(name).append('=').append(harmless ? String.join(",", values) : Redactor.MASK);
        });
        return out.append('}').toString();
    }

    private static String shorten(String body) {
        if (body == null) {
            return "";
        }
        String compact = body.replaceAll("data:image/[a-z]+;base64,[A-Za-z0-9+/=]+", "data:image/…;base64,…");
        return compact.length() > MAX_BODY ? compact.substring(0, MAX_BODY) + "… (" + compact.length() + " chars)" : compact;
    }
}
