package dev.loupe.model.openai;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * langchain4j's HTTP client contract on the JDK's client, for two things the stock client does not
 * give: the {@code Retry-After} header of an error response ({@link StatusException}), and request
 * logging through a {@link RequestLog} that cannot leak a secret. Streaming is not used by Loupe.
 */
final class LoupeHttpClient implements HttpClient {

    /** Headers the JDK client sets itself and refuses from callers. */
    private static final Set<String> RESTRICTED = Set.of("content-length", "host", "connection", "expect", "upgrade");

    private final java.net.http.HttpClient client;
    private final Duration readTimeout;
    private final RequestLog log;

    LoupeHttpClient(Duration connectTimeout, Duration readTimeout, RequestLog log) {
        this.client = java.net.http.HttpClient.newBuilder()
                .connectTimeout(connectTimeout)
                .version(java.net.http.HttpClient.Version.HTTP_1_1)
                .build();
        this.readTimeout = readTimeout;
        this.log = log;
    }

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) throws HttpException {
        if (log != null) {
            log.request(request.method().name(), request.url(), request.headers(), request.body());
        }
        HttpResponse<String> response;
        try {
            response = within(client.sendAsync(toJdk(request), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            if (log != null) {
                log.failure(request.url(), e);
            }
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the model", e);
        }
        Map<String, java.util.List<String>> headers = response.headers().map();
        if (log != null) {
            log.response(response.statusCode(), headers, response.body());
        }
        if (response.statusCode() < 200 || response.statusCode() >= 300) {
            throw new StatusException(response.statusCode(), response.body(),
                    response.headers().firstValue("Retry-After").orElse(null));
        }
        return SuccessfulHttpResponse.builder().statusCode(response.statusCode()).headers(headers)
                .body(response.body()).build();
    }

    /**
     * The response, body included, within the read timeout. The JDK's request timeout ends when the
     * headers arrive, so a server that stalls in the middle of its body (a proxy, a truncated reply)
     * would otherwise hold the analysis forever (found by the soak's truncated-body faults).
     */
    private HttpResponse<String> within(CompletableFuture<HttpResponse<String>> exchange) throws IOException, InterruptedException {
        try {
            return exchange.get(readTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw new HttpTimeoutException("no complete response within " + readTimeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException(e.getCause());
        }
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        listener.onError(new UnsupportedOperationException("Loupe does not stream model responses"));
    }

    private java.net.http.HttpRequest toJdk(HttpRequest request) {
        String body = request.body() == null ? "" : request.body();
        java.net.http.HttpRequest.Builder builder = java.net.http.HttpRequest.newBuilder(URI.create(request.url()))
                .timeout(readTimeout)
                .method(request.method().name(), body.isEmpty() && request.method().name().equals("GET")
                        ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofString(body));
        request.headers().forEach((name, values) -> {
            if (!RESTRICTED.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                values.forEach(value -> builder.header(name, value));
            }
        });
        return builder.build();
    }
}
