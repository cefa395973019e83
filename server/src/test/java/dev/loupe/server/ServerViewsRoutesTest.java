package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The routes behind the page's second round of views, over real HTTP: the page's modules, a graph's
 * diagram, the eval runs and their reports, and what a fork may change.
 */
class ServerViewsRoutesTest {

    private static final String TOKEN = "views-routes-token-91c3";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    static Path work;
    private static Loupe loupe;
    private static LoupeServer server;
    private static ServerClient client;
    private static String threadId;

    @BeforeAll
    static void start() throws Exception {
        Path runs = Files.createDirectories(work.resolve("runs"));
        Path run = Files.createDirectories(runs.resolve("20261124T101500Z-forensic"));
        Files.writeString(run.resolve("run.json"), "{\"run_id\":\"20261124T101500Z-forensic-ab12cd34\",\"graph\":\"forensic\","
                + "\"model\":null,\"items\":3,\"started\":\"2026-11-24T10:15:00Z\",\"ended\":\"2026-11-24T10:16:00Z\",\"complete\":true}");
        Files.writeString(run.resolve("metrics.json"), "{\"items\":3,\"scored\":3,\"accuracy\":{\"value\":0.6667,\"successes\":2,\"trials\":3},"
                + "\"confidence_histograms\":{}}");
        Files.writeString(run.resolve("report.html"), "<!doctype html><title>r</title><h1>Loupe evaluation</h1>");
        Files.createDirectories(runs.resolve("not-a-run"));
        loupe = Loupe.builder().graph("forensic").outputDir(work.resolve("pictures")).build();
        server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(2, 2).withApiToken(TOKEN).withRunsDir(runs), List.of(loupe));
        client = new ServerClient(server, TOKEN);
        HttpResponse<String> analysed = client.upload("", "plain.jpg", ServerImages.plainJpeg(160, 120));
        assertEquals(200, analysed.statusCode(), analysed.body());
        threadId = JSON.readTree(analysed.body()).path("thread_id").asText();
    }

    @AfterAll
    static void stop() {
        server.close();
        loupe.close();
    }

    @Test
    void a_page_module_is_public_and_an_unknown_one_is_404() throws Exception {
        HttpResponse<String> module = get("/js/marks.js", null);
        assertEquals(200, module.statusCode());
        assertTrue(module.headers().firstValue("Content-Type").orElse("").startsWith("text/javascript"));
        assertEquals(404, get("/js/evil.js", null).statusCode());
    }

    @Test
    void a_graphs_diagram_is_an_svg_behind_the_token() throws Exception {
        assertEquals(401, get("/v1/graphs/forensic/diagram.svg", null).statusCode());
        HttpResponse<String> svg = get("/v1/graphs/forensic/diagram.svg", TOKEN);

        assertEquals(200, svg.statusCode());
        assertTrue(svg.headers().firstValue("Content-Type").orElse("").startsWith("image/svg+xml"));
        assertTrue(svg.body().startsWith("<svg") && svg.body().contains("data-node=\"vision\""), svg.body());
        assertEquals(404, get("/v1/graphs/nothing/diagram.svg", TOKEN).statusCode());
    }

    @Test
    void the_runs_list_holds_each_folder_with_a_run_and_its_headline_metrics() throws Exception {
        JsonNode body = JSON.readTree(client.get("/v1/runs").body());

        assertEquals(1, body.path("runs").size(), body.toString());
        JsonNode run = body.path("runs").get(0);
        assertEquals("20261124T101500Z-forensic", run.path("name").asText());
        assertEquals(0.6667, run.path("metrics").path("accuracy").path("value").asDouble());
        assertFalse(run.path("metrics").has("confidence_histograms"), "only the headline figures");
        assertTrue(run.path("has_report").asBoolean());
    }

    @Test
    void a_report_is_served_sandboxed_and_a_name_outside_the_runs_folder_is_refused() throws Exception {
        HttpResponse<String> report = get("/v1/runs/20261124T101500Z-forensic/report", TOKEN);
        assertEquals(200, report.statusCode());
        assertTrue(report.body().contains("Loupe evaluation"));
        assertTrue(report.headers().firstValue("Content-Security-Policy").orElse("").contains("sandbox"));

        assertEquals(400, get("/v1/runs/..%2F..%2Fetc/report", TOKEN).statusCode());
        assertEquals(404, get("/v1/runs/not-a-run/report", TOKEN).statusCode());
        assertEquals(401, get("/v1/runs", null).statusCode());
    }

    @Test
    void a_fork_refuses_an_unknown_prompt_role_a_body_that_is_not_json_and_a_strange_model_name() {
        HttpResponse<String> role = client.post("/v1/threads/" + threadId + "/fork?from=vision", "application/json",
                HttpRequest.BodyPublishers.ofString("{\"prompts\":{\"judge\":\"be fair\"}}"));
        assertEquals(400, role.statusCode());
        assertTrue(role.body().contains("no prompt role 'judge'"), role.body());

        HttpResponse<String> body = client.post("/v1/threads/" + threadId + "/fork?from=vision", "application/json",
                HttpRequest.BodyPublishers.ofString("prompts=agent"));
        assertEquals(400, body.statusCode());

        HttpResponse<String> model = client.post("/v1/threads/" + threadId + "/fork?from=vision&model=a%20b%3Bc", "application/json",
                HttpRequest.BodyPublishers.noBody());
        assertEquals(400, model.statusCode());
        assertTrue(model.body().contains("a model name is"), model.body());
    }

    @Test
    void a_fork_with_prompt_text_runs_the_agent_again_with_that_prompt() throws Exception {
        HttpResponse<String> fork = client.post("/v1/threads/" + threadId + "/fork?from=vision&model=offline", "application/json",
                HttpRequest.BodyPublishers.ofString("{\"prompts\":{\"agent\":\"Look twice at the noise.\"}}"));

        assertEquals(200, fork.statusCode(), fork.body());
        JsonNode result = JSON.readTree(fork.body());
        // The served forensic graph is read from this folder's graphs/, so its fork prompts sit beside its own.
        String file = result.path("prompts").path("agent").path("file").asText();
        assertTrue(file.matches("prompts/forensic/forks/[0-9a-f]{64}\\.md"), file);
        assertEquals("Look twice at the noise.", Files.readString(Path.of(file)));
        assertEquals("offline", result.path("models").path("agent").asText());
    }

    private static HttpResponse<String> get(String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
