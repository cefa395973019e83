package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code POST /v1/analyze?thread_id=ID}: a client may name the thread, never one that holds another analysis. */
class ServerThreadIdTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    @AutoClose
    private static final Loupe loupe = Loupe.builder().graph("forensic").build();
    private static LoupeServer server;
    private static ServerClient client;

    @BeforeAll
    static void start() {
        server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(2, 2), List.of(loupe));
        client = new ServerClient(server, null);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void an_upload_under_a_thread_id_that_holds_another_image_gets_409_and_the_thread_keeps_its_result() throws Exception {
        HttpResponse<String> first = client.upload("?thread_id=server-x", "first.png", ServerImages.aiMarked(64, 32));
        assertEquals(200, first.statusCode(), first.body());
        assertEquals("server-x", JSON.readTree(first.body()).path("thread_id").asText());

        HttpResponse<String> reused = client.upload("?thread_id=server-x", "second.png", ServerImages.aiMarked(80, 48));
        HttpResponse<String> streamed = client.upload("?stream=true&thread_id=server-x", "second.png", ServerImages.aiMarked(80, 48));

        assertEquals(409, reused.statusCode(), reused.body());
        JsonNode problem = JSON.readTree(reused.body());
        assertEquals("urn:loupe:problem:conflict", problem.path("type").asText(), reused.body());
        assertEquals("The thread id is taken", problem.path("title").asText(), reused.body());
        assertTrue(problem.path("detail").asText().startsWith("thread server-x already holds an analysis of first.png"),
                reused.body());
        assertEquals(409, streamed.statusCode(), streamed.body());
        JsonNode kept = JSON.readTree(client.get("/v1/threads/server-x").body());
        assertEquals(JSON.readTree(first.body()).at("/image/sha256"), kept.at("/result/image/sha256"));
    }
}
