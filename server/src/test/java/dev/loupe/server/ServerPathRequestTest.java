package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import dev.loupe.image.ImageLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code {"path": …}} requests: served inside the allowed root, refused outside it with the loader's reason. */
class ServerPathRequestTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private Loupe loupe;
    private LoupeServer server;
    private ServerClient client;

    @BeforeEach
    void start() throws Exception {
        Path root = Files.createDirectories(dir.resolve("uploads"));
        Files.write(root.resolve("marked.png"), ServerImages.aiMarked(50, 40));
        Files.write(dir.resolve("secret.png"), ServerImages.aiMarked(51, 40));
        loupe = Loupe.builder().graph("forensic").build();
        server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(1, 1)
                .withLimits(ImageLimits.defaults().withAllowedRoot(root)), List.of(loupe));
        client = new ServerClient(server, null);
    }

    @AfterEach
    void stop() {
        server.close();
        loupe.close();
    }

    private HttpResponse<String> analyse(String json) {
        return client.post("/v1/analyze", "application/json", HttpRequest.BodyPublishers.ofString(json));
    }

    @Test
    void a_file_inside_the_root_is_analysed_by_its_relative_path() throws Exception {
        HttpResponse<String> response = analyse("{\"path\": \"marked.png\"}");

        assertEquals(200, response.statusCode(), response.body());
        JsonNode result = JSON.readTree(response.body());
        assertEquals("fake", result.path("verdict").asText());
        assertEquals("marked.png", result.path("image").path("name").asText());
    }

    @Test
    void a_path_climbing_out_of_the_root_is_refused_with_400() throws Exception {
        HttpResponse<String> response = analyse("{\"path\": \"../secret.png\"}");

        assertEquals(400, response.statusCode());
        String detail = LoupeServerTest.problem(response).path("detail").asText();
        assertEquals("../secret.png: outside the allowed folder", detail);
    }

    @Test
    void a_body_that_is_not_json_is_refused_with_400() throws Exception {
        HttpResponse<String> response = analyse("path=marked.png");

        assertEquals(400, response.statusCode());
        assertEquals("urn:loupe:problem:bad-input", LoupeServerTest.problem(response).path("type").asText());
    }

    @Test
    void a_body_of_another_type_is_refused_with_415() throws Exception {
        HttpResponse<String> response = client.post("/v1/analyze", "image/png",
                HttpRequest.BodyPublishers.ofByteArray(ServerImages.aiMarked(20, 20)));

        assertEquals(415, response.statusCode());
        assertEquals("send multipart/form-data with an image field, or application/json with a path; got image/png",
                LoupeServerTest.problem(response).path("detail").asText());
    }
}
