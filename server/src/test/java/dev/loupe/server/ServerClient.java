package dev.loupe.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** A real HTTP client for a running {@link LoupeServer}: multipart uploads, JSON, plain GETs. */
final class ServerClient {

    static final String BOUNDARY = "loupe-test-boundary-7d1f";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final URI base;
    private final String token;

    ServerClient(LoupeServer server, String token) {
        this.base = URI.create("http://127.0.0.1:" + server.port());
        this.token = token;
    }

    ServerClient withToken(String value) {
        return new ServerClient(base, value);
    }

    private ServerClient(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    /** A multipart/form-data body with one file field. */
    static byte[] multipart(String field, String filename, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + field + "\"; filename=\""
                + filename + "\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(content);
        out.writeBytes(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    HttpResponse<String> upload(String query, String filename, byte[] image) {
        return postMultipart(query, multipart("image", filename, image));
    }

    HttpResponse<String> postMultipart(String query, byte[] body) {
        return send(request("/v1/analyze" + query)
                .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    /**
     * The status line the server answers to a multipart request that declares {@code length} bytes
     * and sends none of them: a server that refuses from the declared length answers at once. A raw
     * socket, because an HTTP client still writing the body races the server's early close.
     */
    String statusLineForDeclaredLength(long length) throws IOException {
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(30_000);
            String head = "POST /v1/analyze HTTP/1.1\r\nHost: " + base.getHost() + "\r\n"
                    + "Content-Type: multipart/form-data; boundary=" + BOUNDARY + "\r\n"
                    + "Content-Length: " + length + "\r\n"
                    + (token == null ? "" : "Authorization: Bearer " + token + "\r\n") + "\r\n";
            socket.getOutputStream().write(head.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII)).readLine();
        }
    }

    HttpResponse<String> post(String path, String contentType, HttpRequest.BodyPublisher body) {
        return send(request(path).header("Content-Type", contentType).POST(body));
    }

    /** As {@link #post(String, String, HttpRequest.BodyPublisher)}, asking for {@code accept} (text/event-stream). */
    HttpResponse<String> post(String path, String contentType, String accept, HttpRequest.BodyPublisher body) {
        return send(request(path).header("Content-Type", contentType).header("Accept", accept).POST(body));
    }

    HttpResponse<String> get(String path) {
        return send(request(path).GET());
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofMinutes(5));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
