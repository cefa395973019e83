package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The service runs a graph that exists only as files beside the forensic one, picked with {@code ?graph=}. */
class ServerFilesOnlyGraphTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static Loupe forensic;
    private static Loupe describe;
    private static LoupeServer server;
    private static ServerClient client;

    @BeforeAll
    static void start() {
        forensic = Loupe.builder().graph("forensic").build();
        describe = Loupe.builder().graph("describe").build();
        server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(2, 2), List.of(forensic, describe));
        client = new ServerClient(server, null);
    }

    @AfterAll
    static void stop() {
        server.close();
        describe.close();
        forensic.close();
    }

    @Test
    void an_upload_to_the_describe_graph_comes_back_in_its_schema_and_its_thread_can_be_read() throws Exception {
        HttpResponse<String> response = client.upload("?graph=describe", "plain.jpg", ServerImages.plainJpeg(120, 60));

        assertEquals(200, response.statusCode(), response.body());
        JsonNode result = JSON.readTree(response.body());
        assertEquals("describe", result.path("graph").asText());
        assertEquals("landscape", result.path("orientation").asText());
        assertTrue(result.has("caption") && !result.has("verdict"), response.body());
        JsonNode graphs = JSON.readTree(client.get("/v1/graphs").body());
        assertTrue(graphs.toString().contains("\"describe\""), graphs.toString());
    }
}
