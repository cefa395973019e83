package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Same-origin by default, with no token set: a page elsewhere cannot make the examiner's browser
 * submit to the server (foreign {@code Origin}, 403), nor read it through a name pointed at loopback
 * (foreign {@code Host}, 403), and {@code /mcp} checks {@code Origin} on every request; the server's
 * own page and clients that are not browsers are served as before.
 */
class ServerSameOriginTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @AutoClose
    private static final Loupe loupe = Loupe.builder().graph("forensic").build();
    private static LoupeServer server;
    private static LoupeServer listed;

    @BeforeAll
    static void start() {
        server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(2, 4), List.of(loupe), true);
        listed = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(1, 1)
                .withOrigins(OriginPolicy.defaults().withAllowedHosts(List.of("loupe.lab.example"))), List.of(loupe));
    }

    @AfterAll
    static void stop() {
        server.close();
        listed.close();
    }

    private static String base(LoupeServer on) {
        return "http://127.0.0.1:" + on.port();
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.timeout(Duration.ofMinutes(2)).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** An upload to {@code /v1/analyze} with the headers a browser adds ({@code name, value, …}). */
    private static HttpResponse<String> upload(LoupeServer on, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base(on) + "/v1/analyze"))
                .header("Content-Type", "multipart/form-data; boundary=" + ServerClient.BOUNDARY)
                .POST(HttpRequest.BodyPublishers.ofByteArray(ServerClient.multipart("image", "photo.jpg",
                        ServerImages.plainJpeg(64, 48))));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return send(request);
    }

    private static JsonNode problem(int status, String type, HttpResponse<String> response) throws Exception {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith(Problem.CONTENT_TYPE), response.headers().toString());
        JsonNode problem = JSON.readTree(response.body());
        assertEquals("urn:loupe:problem:" + type, problem.path("type").asText(), response.body());
        return problem;
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://evil.example", "https://evil.example", "http://127.0.0.1:1", "http://localhost",
            "http://127.0.0.1.evil.example", "null", "file://", "http://user@127.0.0.1"})
    void an_upload_from_a_page_elsewhere_is_refused_with_403(String origin) throws Exception {
        JsonNode problem = problem(403, "cross-origin", upload(server, "Origin", origin));

        assertTrue(problem.path("detail").asText().contains("a guard against cross-site requests"), problem.toString());
        assertEquals("Cross-site request refused", problem.path("title").asText());
    }

    @Test
    void a_cross_site_request_without_an_origin_is_refused_by_its_fetch_metadata() throws Exception {
        problem(403, "cross-origin", upload(server, "Sec-Fetch-Site", "cross-site"));
    }

    @Test
    void uploads_from_the_servers_own_page_and_from_clients_that_are_not_browsers_are_analysed() throws Exception {
        String own = base(server);
        String local = "http://localhost:" + server.port();

        assertEquals(200, upload(server, "Origin", own, "Sec-Fetch-Site", "same-origin").statusCode());
        assertEquals(200, upload(server, "Origin", local).statusCode());
        assertEquals(200, upload(server).statusCode());
    }

    @Test
    void conversations_forks_and_replays_from_a_page_elsewhere_are_refused_too() throws Exception {
        for (String path : List.of("/v1/threads/web-1/messages", "/v1/threads/web-1/fork?from=agent", "/v1/threads/web-1/replay")) {
            HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(base(server) + path))
                    .header("Content-Type", "application/json").header("Origin", "http://evil.example")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"text\": \"hello\"}")));
            problem(403, "cross-origin", response);
        }
    }

    @Test
    void a_read_from_a_page_elsewhere_is_answered_without_letting_that_page_see_it() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(base(server) + "/v1/threads"))
                .header("Origin", "http://evil.example").GET());

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Access-Control-Allow-Origin").isEmpty(), response.headers().toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"evil.example", "rebind.attacker.example:%d", "127.0.0.1.nip.io:%d", "localhost:1", "10.0.0.5:%d",
            "loupe.lab.example:%d"})
    void a_request_to_a_name_that_is_not_the_servers_is_refused_with_403(String host) throws Exception {
        RawHttp.Response response = RawHttp.get(server.port(), "/v1/threads", host.formatted(server.port()));

        assertEquals(403, response.status(), response.text());
        assertTrue(response.headers().get("content-type").startsWith(Problem.CONTENT_TYPE), response.headers().toString());
        JsonNode problem = JSON.readTree(response.body());
        assertEquals("urn:loupe:problem:unknown-host", problem.path("type").asText(), response.text());
        assertTrue(problem.path("detail").asText().contains("a guard against DNS rebinding"), response.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:%d", "localhost:%d", "LOCALHOST:%d", "[::1]:%d", "127.0.0.1"})
    void the_servers_own_names_are_answered(String host) throws Exception {
        assertEquals(200, RawHttp.get(server.port(), "/v1/threads", host.formatted(server.port())).status());
    }

    @Test
    void the_health_check_answers_whatever_address_a_probe_used() throws Exception {
        assertEquals(200, RawHttp.get(server.port(), "/healthz", "10.0.0.5:" + server.port()).status());
    }

    @Test
    void a_name_the_operator_lists_is_answered_and_its_pages_may_submit() throws Exception {
        assertEquals(200, RawHttp.get(listed.port(), "/v1/threads", "loupe.lab.example").status());
        assertEquals(200, RawHttp.get(listed.port(), "/v1/threads", "loupe.lab.example:8443").status());
        assertEquals(200, upload(listed, "Origin", "https://loupe.lab.example").statusCode());
        problem(403, "cross-origin", upload(listed, "Origin", "https://other.lab.example"));
    }

    @Test
    void mcp_refuses_a_page_elsewhere_on_every_method() throws Exception {
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        HttpResponse<String> post = send(HttpRequest.newBuilder(URI.create(base(server) + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Origin", "http://evil.example").POST(HttpRequest.BodyPublishers.ofString(initialize)));
        HttpResponse<String> get = send(HttpRequest.newBuilder(URI.create(base(server) + "/mcp"))
                .header("Accept", "text/event-stream").header("Origin", "http://evil.example").GET());
        RawHttp.Response rebound = RawHttp.exchange(server.port(), "POST /mcp HTTP/1.1\r\nHost: evil.example:" + server.port()
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream", initialize.getBytes(StandardCharsets.UTF_8));

        problem(403, "cross-origin", post);
        problem(403, "cross-origin", get);
        assertEquals(403, rebound.status(), rebound.text());
        assertEquals("urn:loupe:problem:unknown-host", JSON.readTree(rebound.body()).path("type").asText());
        HttpResponse<String> own = send(HttpRequest.newBuilder(URI.create(base(server) + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Origin", base(server)).POST(HttpRequest.BodyPublishers.ofString(initialize)));
        assertEquals(200, own.statusCode(), own.body());
        assertFalse(own.body().contains("\"error\""), own.body());
    }

    @Test
    void with_a_token_the_same_checks_apply_unless_the_operator_accepts_any_origin() throws Exception {
        try (LoupeServer guarded = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(1, 1).withApiToken("t0ken"),
                List.of(loupe));
             LoupeServer proxied = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(1, 1).withApiToken("t0ken")
                     .withOrigins(OriginPolicy.defaults().withAnyOrigin(true)), List.of(loupe))) {
            problem(403, "cross-origin", upload(guarded, "Origin", "http://evil.example", "Authorization", "Bearer t0ken"));
            assertEquals(403, RawHttp.get(guarded.port(), "/v1/threads", "evil.example").status());

            assertEquals(200, upload(proxied, "Origin", "https://loupe.example.org", "Authorization", "Bearer t0ken").statusCode());
            assertEquals(401, RawHttp.get(proxied.port(), "/v1/threads", "loupe.example.org").status());
        }
    }
}
