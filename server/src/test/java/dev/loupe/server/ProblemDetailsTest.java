package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.image.ImageLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every error is an RFC 9457 problem detail sent as UTF-8 and saying so, on every route and on
 * {@code /mcp}: non-ASCII details arrive intact, a malformed or oversized MCP message is a 400 or 413
 * problem (never a serialized stack trace), and what the MCP transport itself refuses is a problem too.
 */
class ProblemDetailsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final long MAX_BYTES = 100_000;
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @RegisterExtension
    static final ServedForensic served = new ServedForensic(ServerConfig.defaults().withPool(1, 1)
            .withLimits(ImageLimits.defaults().withMaxBytes(MAX_BYTES).withMaxPixels(1000)), true);

    private static HttpResponse<byte[]> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.timeout(Duration.ofMinutes(2)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static HttpRequest.Builder mcp() {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.server().port() + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream");
    }

    /** The problem in {@code response}, decoded as the UTF-8 its Content-Type promises. */
    private static JsonNode problem(int status, HttpResponse<byte[]> response) throws Exception {
        String body = new String(response.body(), StandardCharsets.UTF_8);
        assertEquals(status, response.statusCode(), body);
        assertEquals(Problem.CONTENT_TYPE_UTF8, response.headers().firstValue("Content-Type").orElse(""), body);
        assertFalse(body.contains("stackTrace") || body.contains("\tat ") || body.contains("Exception"), body);
        JsonNode problem = JSON.readTree(body);
        assertEquals(status, problem.path("status").asInt(), body);
        assertEquals(1, problem.path("detail").asText().lines().count(), body);
        return problem;
    }

    private static HttpResponse<byte[]> upload(String filename, byte[] content) throws Exception {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.server().port() + "/v1/analyze"))
                .header("Content-Type", "multipart/form-data; boundary=" + ServerClient.BOUNDARY)
                .POST(HttpRequest.BodyPublishers.ofByteArray(ServerClient.multipart("image", filename, content))));
    }

    @Test
    void a_cyrillic_file_name_in_a_refusal_arrives_as_the_client_wrote_it() throws Exception {
        JsonNode problem = problem(400, upload("Снимок-экрана.jpg", "not a picture at all".getBytes(StandardCharsets.UTF_8)));

        assertEquals("Снимок-экрана.jpg: not an image (it starts with text)", problem.path("detail").asText());
    }

    @Test
    void a_multiplication_sign_in_a_refusal_is_sent_as_utf_8() throws Exception {
        HttpResponse<byte[]> response = upload("wide.png", ServerImages.aiMarked(64, 48));

        JsonNode problem = problem(400, response);
        assertEquals("wide.png: 64×48 is 3,072 pixels; the limit is 1,000", problem.path("detail").asText());
        String raw = new String(response.body(), StandardCharsets.ISO_8859_1);
        assertTrue(raw.contains("64\u00c3\u009748"), "× is the two bytes C3 97: " + raw);
    }

    @Test
    void a_malformed_mcp_message_is_a_400_problem_not_a_stack_trace() throws Exception {
        JsonNode problem = problem(400, send(mcp().POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\": \"2.0\", oops"))));

        assertEquals("urn:loupe:problem:bad-input", problem.path("type").asText());
        assertTrue(problem.path("detail").asText().startsWith("the body is not JSON: "), problem.toString());
        assertEquals("/mcp", problem.path("instance").asText());
    }

    @ParameterizedTest
    @ValueSource(strings = {"42", "\"initialize\"", "null", ""})
    void an_mcp_body_that_is_no_message_is_a_400_problem(String body) throws Exception {
        problem(400, send(mcp().POST(HttpRequest.BodyPublishers.ofString(body))));
    }

    @Test
    void an_mcp_message_declaring_more_than_the_limit_is_a_413_problem_naming_the_limit_before_it_is_read() throws Exception {
        RawHttp.Response eighty = RawHttp.declaring(served.server().port(), "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + served.server().port()
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream", 80L * 1024 * 1024);
        HttpResponse<byte[]> declared = send(mcp().POST(HttpRequest.BodyPublishers.ofByteArray(new byte[300_000])));

        assertEquals(413, eighty.status(), eighty.text());
        assertEquals("the request declares 83886080 bytes; an MCP message is limited to 215536 bytes",
                JSON.readTree(eighty.body()).path("detail").asText());
        JsonNode problem = problem(413, declared);
        assertEquals("urn:loupe:problem:too-large", problem.path("type").asText());
        assertEquals("the request declares 300000 bytes; an MCP message is limited to 215536 bytes", problem.path("detail").asText());
    }

    @Test
    void an_mcp_message_of_unknown_length_is_cut_at_the_limit_with_a_413_problem() throws Exception {
        HttpResponse<byte[]> response = send(mcp().POST(unknownLength(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":{\"pad\":\""
                + "a".repeat(400_000) + "\"}}").getBytes(StandardCharsets.UTF_8))));

        JsonNode problem = problem(413, response);
        assertEquals("the request body is over 215536 bytes; an MCP message is limited to 215536 bytes", problem.path("detail").asText());
    }

    @Test
    void what_the_mcp_transport_refuses_is_a_problem_too() throws Exception {
        HttpResponse<byte[]> notRpc = send(mcp().POST(HttpRequest.BodyPublishers.ofString("{\"hello\": \"there\"}")));
        HttpResponse<byte[]> noSession = send(mcp().POST(HttpRequest.BodyPublishers.ofString(
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")));
        HttpResponse<byte[]> streamWithoutSession = send(mcp().header("Accept", "text/event-stream").GET());
        HttpResponse<byte[]> put = send(mcp().PUT(HttpRequest.BodyPublishers.ofString(INITIALIZE)));

        for (HttpResponse<byte[]> response : List.of(notRpc, noSession, streamWithoutSession, put)) {
            assertTrue(response.statusCode() >= 400, response.statusCode() + " " + new String(response.body(), StandardCharsets.UTF_8));
            JsonNode problem = problem(response.statusCode(), response);
            assertTrue(problem.path("detail").asText().startsWith("the MCP transport refused the request"), problem.toString());
        }
        assertTrue(notRpc.headers().firstValue("Access-Control-Allow-Origin").isEmpty());
    }

    @Test
    void an_mcp_session_starts_as_before() throws Exception {
        HttpResponse<byte[]> response = send(mcp().POST(HttpRequest.BodyPublishers.ofString(INITIALIZE)));

        assertEquals(200, response.statusCode(), new String(response.body(), StandardCharsets.UTF_8));
        assertTrue(response.headers().firstValue("Mcp-Session-Id").isPresent());
        assertTrue(new String(response.body(), StandardCharsets.UTF_8).contains("\"serverInfo\""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"DELETE /v1/analyze", "PUT /v1/threads", "GET /nowhere", "GET /v1/threads/%ZZ"})
    void a_request_no_route_answers_is_a_problem(String request) throws Exception {
        String[] parts = request.split(" ");
        RawHttp.Response response = RawHttp.exchange(served.server().port(), parts[0] + " " + parts[1] + " HTTP/1.1\r\nHost: 127.0.0.1:"
                + served.server().port(), new byte[0]);

        assertTrue(response.status() >= 400, response.status() + " " + response.text());
        assertEquals(Problem.CONTENT_TYPE_UTF8, response.headers().get("content-type"), response.text());
        assertEquals(response.status(), JSON.readTree(response.body()).path("status").asInt(), response.text());
    }

    @Test
    void a_request_whose_headers_are_too_large_is_a_problem() throws Exception {
        RawHttp.Response response = RawHttp.exchange(served.server().port(), "GET /v1/threads HTTP/1.1\r\nHost: 127.0.0.1:" + served.server().port()
                + "\r\nX-Padding: " + "p".repeat(64 * 1024), new byte[0]);

        assertEquals(431, response.status(), response.text());
        assertEquals(Problem.CONTENT_TYPE_UTF8, response.headers().get("content-type"), response.text());
        assertEquals(431, JSON.readTree(response.body()).path("status").asInt(), response.text());
    }

    /** A body sent without a Content-Length (chunked). */
    private static HttpRequest.BodyPublisher unknownLength(byte[] body) {
        HttpRequest.BodyPublisher known = HttpRequest.BodyPublishers.ofByteArray(body);
        return new HttpRequest.BodyPublisher() {
            @Override
            public long contentLength() {
                return -1;
            }

            @Override
            public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
                known.subscribe(subscriber);
            }
        };
    }
}
