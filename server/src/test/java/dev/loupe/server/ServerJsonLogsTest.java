package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.Loupe;
import dev.loupe.logging.CapturedErr;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The service's JSON log lines: every line of a request, on any thread, carries its request id; the token never appears. */
class ServerJsonLogsTest {

    private static final String TOKEN = "server-log-secret-token-6620";

    @Test
    void every_line_of_a_request_carries_its_id_and_the_bearer_token_is_never_written() throws Exception {
        List<JsonNode> lines;
        String text;
        HttpResponse<String> analysed;
        try (CapturedErr err = CapturedErr.json();
             Loupe loupe = Loupe.builder().graph("forensic").build();
             LoupeServer server = LoupeServer.start(ServerConfig.defaults().withPort(0).withApiToken(TOKEN), List.of(loupe))) {
            ServerClient client = new ServerClient(server, TOKEN);
            analysed = client.post("/v1/analyze?thread_id=logged-1", "multipart/form-data; boundary=" + ServerClient.BOUNDARY,
                    "application/json", HttpRequest.BodyPublishers.ofByteArray(
                            ServerClient.multipart("image", "photo.jpg", ServerImages.plainJpeg(64, 48))));
            new ServerClient(server, "wrong-" + TOKEN).get("/v1/threads");
            text = err.text();
            lines = err.jsonLines();
        }

        assertEquals(200, analysed.statusCode(), analysed.body());
        String requestId = analysed.headers().firstValue(RequestIds.HEADER).orElseThrow();
        assertFalse(text.contains(TOKEN), text);
        JsonNode request = lines.stream().filter(l -> "/v1/analyze".equals(l.path("path").asText())).findFirst().orElseThrow();
        assertEquals(requestId, request.path("request_id").asText());
        assertEquals(200, request.path("status").asInt());
        assertTrue(request.path("duration_ms").isNumber());
        JsonNode node = lines.stream().filter(l -> "logged-1".equals(l.path("thread_id").asText()) && l.has("node"))
                .findFirst().orElseThrow(() -> new AssertionError(text));
        assertEquals(requestId, node.path("request_id").asText(), "the analysis' worker thread logs under the request's id");
        JsonNode tool = lines.stream().filter(l -> l.has("tool")).findFirst().orElseThrow(() -> new AssertionError(text));
        assertEquals(requestId, tool.path("request_id").asText());
        assertTrue(lines.stream().anyMatch(l -> l.path("status").asInt() == 401 && !l.path("request_id").asText().equals(requestId)), text);
    }
}
