package dev.loupe.server;

import dev.loupe.tool.forensic.ForensicVerdict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server over real HTTP on a free loopback port: analyses by upload, concurrent and streamed,
 * and the refusals — wrong token, oversized and malformed uploads, a bad image — as problem details.
 */
class LoupeServerTest {

    private static final String TOKEN = "test-token-5b2e";
    private static final long MAX_BYTES = 200_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    // Four running and sixteen waiting: a burst of twenty is admitted whole.
    @RegisterExtension
    static final ServedForensic served = new ServedForensic(ServerConfig.defaults().withPool(4, 16).withApiToken(TOKEN)
            .withLimits(ImageLimits.defaults().withMaxBytes(MAX_BYTES)));

    @Test
    void twenty_concurrent_uploads_all_succeed_with_the_verdicts_of_sequential_analyses() throws Exception {
        List<byte[]> images = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            images.add(i % 2 == 0 ? ServerImages.aiMarked(64 + i, 48) : ServerImages.plainJpeg(64 + i, 48));
        }
        ExecutorService clients = Executors.newFixedThreadPool(20);
        try {
            List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
            for (int i = 0; i < images.size(); i++) {
                byte[] image = images.get(i);
                String name = "image-" + i + (i % 2 == 0 ? ".png" : ".jpg");
                responses.add(CompletableFuture.supplyAsync(() -> served.client().upload("", name, image), clients));
            }
            for (int i = 0; i < images.size(); i++) {
                HttpResponse<String> response = responses.get(i).join();
                assertEquals(200, response.statusCode(), response.body());
                JsonNode body = JSON.readTree(response.body());
                AnalysisResult expected = served.loupe().analyze(images.get(i), "image-" + i);
                assertEquals(ForensicVerdict.of(expected.output()).verdict(), body.path("verdict").asText(), "image " + i);
                assertEquals(expected.image().sha256(), body.path("image").path("sha256").asText(), "image " + i);
                if (i % 2 == 0) {
                    assertEquals("fake", body.path("verdict").asText(), "AI-marked image " + i);
                }
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void a_wrong_token_gets_401_with_a_problem_detail_and_a_challenge() throws Exception {
        HttpResponse<String> response = served.client().withToken("guess").upload("", "a.png", ServerImages.aiMarked(32, 32));

        assertEquals(401, response.statusCode());
        assertEquals("Bearer realm=\"loupe\"", response.headers().firstValue("WWW-Authenticate").orElse(""));
        JsonNode problem = problem(response);
        assertEquals("the bearer token is not valid", problem.path("detail").asText());
    }

    @Test
    void a_missing_token_gets_401_but_the_health_check_is_open() throws Exception {
        ServerClient anonymous = served.client().withToken(null);

        assertEquals(401, anonymous.get("/v1/graphs").statusCode());
        HttpResponse<String> health = anonymous.get("/healthz");
        assertEquals(200, health.statusCode());
        assertEquals("ok", JSON.readTree(health.body()).path("status").asText());
    }

    @Test
    void an_upload_declaring_more_than_the_limit_gets_413_before_it_is_read() throws Exception {
        String status = served.client().statusLineForDeclaredLength(MAX_BYTES + 100_000);

        assertTrue(status != null && status.startsWith("HTTP/1.1 413"), String.valueOf(status));
    }

    @Test
    void an_oversized_upload_without_a_declared_length_gets_413_once_the_cap_is_passed() throws Exception {
        byte[] body = ServerClient.multipart("image", "big.jpg", new byte[(int) MAX_BYTES + 100_000]);

        HttpResponse<String> response = served.client().post("/v1/analyze", "multipart/form-data; boundary=" + ServerClient.BOUNDARY,
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)));

        assertEquals(413, response.statusCode());
        assertTrue(problem(response).path("detail").asText().startsWith("the request body is over "), response.body());
    }

    @Test
    void a_multipart_body_without_its_closing_boundary_gets_400_naming_the_reason() throws Exception {
        byte[] whole = ServerClient.multipart("image", "a.png", ServerImages.aiMarked(32, 32));
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 30);

        HttpResponse<String> response = served.client().postMultipart("", cut);

        assertEquals(400, response.statusCode());
        assertEquals("malformed multipart body: the body ends inside a part (no closing boundary)",
                problem(response).path("detail").asText());
    }

    @Test
    void a_form_without_an_image_field_gets_400() throws Exception {
        HttpResponse<String> response = served.client().postMultipart("", ServerClient.multipart("picture", "a.png", new byte[10]));

        assertEquals(400, response.statusCode());
        assertEquals("the multipart body has no field named image", problem(response).path("detail").asText());
    }

    @Test
    void a_file_that_is_not_an_image_gets_400_with_the_loaders_reason() throws Exception {
        HttpResponse<String> response = served.client().upload("", "notes.jpg", "just some text, not a picture".getBytes(StandardCharsets.UTF_8));

        assertEquals(400, response.statusCode());
        JsonNode problem = problem(response);
        assertEquals("urn:loupe:problem:bad-input", problem.path("type").asText());
        assertEquals("The input cannot be analysed", problem.path("title").asText());
        assertEquals(400, problem.path("status").asInt());
        assertEquals("/v1/analyze", problem.path("instance").asText());
        assertEquals("notes.jpg: not an image (it starts with text)", problem.path("detail").asText());
    }

    @Test
    void a_path_request_is_refused_when_no_allowed_root_is_configured() throws Exception {
        HttpResponse<String> response = served.client().post("/v1/analyze", "application/json",
                HttpRequest.BodyPublishers.ofString("{\"path\": \"/etc/passwd\"}"));

        assertEquals(400, response.statusCode());
        assertEquals("analysis by path is disabled; the server must be started with --allowed-root",
                problem(response).path("detail").asText());
    }

    @Test
    void an_unknown_route_gets_a_404_problem_detail() throws Exception {
        HttpResponse<String> response = served.client().get("/v1/nothing-here");

        assertEquals(404, response.statusCode());
        assertEquals("no route GET /v1/nothing-here", problem(response).path("detail").asText());
    }

    @Test
    void the_graphs_endpoint_lists_the_forensic_graph_with_its_mermaid_diagram() throws Exception {
        JsonNode graphs = JSON.readTree(served.client().get("/v1/graphs").body()).path("graphs");

        assertEquals(1, graphs.size());
        assertEquals("forensic", graphs.get(0).path("name").asText());
        assertTrue(graphs.get(0).path("default").asBoolean());
        assertTrue(graphs.get(0).path("mermaid").asText().contains("vision"), graphs.get(0).path("mermaid").asText());
    }

    static JsonNode problem(HttpResponse<String> response) throws Exception {
        assertEquals("application/problem+json", response.headers().firstValue("Content-Type").orElse("").split(";")[0],
                response.body());
        JsonNode problem = JSON.readTree(response.body());
        assertEquals(response.statusCode(), problem.path("status").asInt());
        assertTrue(problem.has("type") && problem.has("title") && problem.has("instance"), response.body());
        assertTrue(!response.body().contains("Exception") && !response.body().contains("\tat "), response.body());
        return problem;
    }
}
