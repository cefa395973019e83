package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.ArtifactStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The examiner page's files, {@code GET /v1/artifacts/{sha256}} and {@code POST /v1/threads/{id}/fork}, over real HTTP. */
class ServerPageRoutesTest {

    private static final String TOKEN = "page-routes-token-5b1e";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    static Path pictures;
    private static Loupe loupe;
    private static LoupeServer server;
    private static ServerClient client;
    private static byte[] image;
    private static JsonNode result;

    @BeforeAll
    static void start() throws Exception {
        loupe = Loupe.builder().graph("forensic").outputDir(pictures).build();
        server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(2, 2).withApiToken(TOKEN), List.of(loupe));
        client = new ServerClient(server, TOKEN);
        image = ServerImages.plainJpeg(160, 120);
        HttpResponse<String> analysed = client.upload("", "plain.jpg", image);
        assertEquals(200, analysed.statusCode(), analysed.body());
        result = JSON.readTree(analysed.body());
    }

    @AfterAll
    static void stop() {
        server.close();
        loupe.close();
    }

    @Test
    void the_page_and_its_files_are_served_without_a_token_under_a_strict_content_policy() throws Exception {
        for (String path : List.of("/", "/page.js", "/page.css", "/js/api.js", "/js/marks.js", "/js/credentials.js")) {
            HttpResponse<String> response = get(path, null);
            assertEquals(200, response.statusCode(), path);
            String policy = response.headers().firstValue("Content-Security-Policy").orElse("");
            assertTrue(policy.contains("script-src 'self'") && policy.contains("connect-src 'self'"), policy);
            assertFalse(response.body().contains(TOKEN), path + " holds the token");
        }
        assertTrue(get("/", null).body().contains("<script type=\"module\" src=\"/page.js\""));
    }

    @Test
    void an_artefact_needs_the_token() throws Exception {
        assertEquals(401, get("/v1/artifacts/" + ArtifactStore.sha256(image), null).statusCode());
    }

    @Test
    void the_analysed_image_comes_back_by_its_hash() throws Exception {
        String sha256 = result.path("image").path("sha256").asText();
        HttpResponse<byte[]> response = getBytes("/v1/artifacts/" + sha256);

        assertEquals(200, response.statusCode());
        assertEquals("image/jpeg", response.headers().firstValue("Content-Type").orElse(""));
        assertArrayEquals(image, response.body());
    }

    @Test
    void a_tool_picture_named_in_the_result_is_served_as_png() throws Exception {
        JsonNode ela = null;
        for (JsonNode detail : result.path("tool_details")) {
            if ("ela".equals(detail.path("tool").asText())) {
                ela = detail.path("artifacts").get(0);
            }
        }
        assertTrue(ela != null && ela.has("sha256"), result.path("tool_details").toString());
        HttpResponse<byte[]> response = getBytes("/v1/artifacts/" + ela.path("sha256").asText());

        assertEquals(200, response.statusCode());
        assertEquals("image/png", response.headers().firstValue("Content-Type").orElse(""));
        assertEquals(ela.path("sha256").asText(), ArtifactStore.sha256(response.body()));
    }

    @Test
    void refuses_a_name_that_is_not_64_lower_case_hex_digits() throws Exception {
        for (String name : List.of("abc", ArtifactStore.sha256(image).toUpperCase(), "..%2F..%2Fetc%2Fpasswd",
                ArtifactStore.sha256(image) + "0")) {
            HttpResponse<String> response = client.get("/v1/artifacts/" + name);
            assertEquals(400, response.statusCode(), name + ": " + response.body());
            assertTrue(response.body().contains("64 lower-case hex digits"), response.body());
        }
    }

    @Test
    void an_unknown_hash_is_not_found() {
        HttpResponse<String> response = client.get("/v1/artifacts/" + "0".repeat(64));
        assertEquals(404, response.statusCode(), response.body());
    }

    @Test
    void a_fork_after_the_agent_is_a_new_thread_of_the_same_image() throws Exception {
        String id = result.path("thread_id").asText();
        HttpResponse<String> response = client.post("/v1/threads/" + id + "/fork?from=agent", "application/json",
                HttpRequest.BodyPublishers.noBody());

        assertEquals(200, response.statusCode(), response.body());
        JsonNode fork = JSON.readTree(response.body());
        assertNotEquals(id, fork.path("thread_id").asText());
        assertEquals(result.path("verdict").asText(), fork.path("verdict").asText());
        assertEquals(200, client.get("/v1/threads/" + fork.path("thread_id").asText()).statusCode());
    }

    @Test
    void a_replay_of_a_run_that_wrote_pictures_is_identical() throws Exception {
        // The replay writes its pictures under another folder; that alone is no difference.
        HttpResponse<String> response = client.post("/v1/threads/" + result.path("thread_id").asText() + "/replay",
                "application/json", HttpRequest.BodyPublishers.noBody());

        assertEquals(200, response.statusCode(), response.body());
        JsonNode report = JSON.readTree(response.body());
        assertTrue(report.path("identical").asBoolean(), report.path("differences").toString());
    }

    @Test
    void a_fork_that_does_not_say_where_from_is_refused() {
        HttpResponse<String> response = client.post("/v1/threads/" + result.path("thread_id").asText() + "/fork",
                "application/json", HttpRequest.BodyPublishers.noBody());
        assertEquals(400, response.statusCode(), response.body());
        assertTrue(response.body().contains("?from="), response.body());
    }

    private static HttpResponse<String> get(String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<byte[]> getBytes(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
