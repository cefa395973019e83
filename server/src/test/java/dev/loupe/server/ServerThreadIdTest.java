package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code POST /v1/analyze?thread_id=ID}: a client may name the thread, never one that holds another analysis. */
class ServerThreadIdTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension
    static final ServedForensic served = new ServedForensic(ServerConfig.defaults().withPool(2, 2));

    @Test
    void an_upload_under_a_thread_id_that_holds_another_image_gets_409_and_the_thread_keeps_its_result() throws Exception {
        HttpResponse<String> first = served.client().upload("?thread_id=server-x", "first.png", ServerImages.aiMarked(64, 32));
        assertEquals(200, first.statusCode(), first.body());
        assertEquals("server-x", JSON.readTree(first.body()).path("thread_id").asText());

        HttpResponse<String> reused = served.client().upload("?thread_id=server-x", "second.png", ServerImages.aiMarked(80, 48));
        HttpResponse<String> streamed = served.client().upload("?stream=true&thread_id=server-x", "second.png", ServerImages.aiMarked(80, 48));

        assertEquals(409, reused.statusCode(), reused.body());
        JsonNode problem = JSON.readTree(reused.body());
        assertEquals("urn:loupe:problem:conflict", problem.path("type").asText(), reused.body());
        assertEquals("The thread id is taken", problem.path("title").asText(), reused.body());
        assertTrue(problem.path("detail").asText().startsWith("thread server-x already holds an analysis of first.png"),
                reused.body());
        assertEquals(409, streamed.statusCode(), streamed.body());
        JsonNode kept = JSON.readTree(served.client().get("/v1/threads/server-x").body());
        assertEquals(JSON.readTree(first.body()).at("/image/sha256"), kept.at("/result/image/sha256"));
    }
}
