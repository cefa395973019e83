package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /v1/threads}: an analysis made over HTTP can be listed, read, traced and replayed over HTTP. */
class ServerThreadsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension
    static final ServedForensic served = new ServedForensic(ServerConfig.defaults().withPool(2, 2));

    private static String threadId;

    @BeforeAll
    static void start() throws Exception {
        HttpResponse<String> analysed = served.client().upload("", "marked.png", ServerImages.aiMarked(72, 40));
        assertEquals(200, analysed.statusCode(), analysed.body());
        threadId = JSON.readTree(analysed.body()).path("thread_id").asText();
    }

    @Test
    void the_thread_list_holds_the_analysis_with_its_verdict() throws Exception {
        JsonNode threads = JSON.readTree(served.client().get("/v1/threads?limit=10").body()).path("threads");

        JsonNode thread = threads.get(0);
        assertEquals(threadId, thread.path("id").asText());
        assertEquals("done", thread.path("status").asText());
        assertEquals("fake", thread.path("verdict").asText());
        assertEquals("marked.png", thread.path("image").path("name").asText());
    }

    @Test
    void one_thread_comes_with_its_stored_result() throws Exception {
        JsonNode thread = JSON.readTree(served.client().get("/v1/threads/" + threadId).body());

        assertEquals("forensic", thread.path("graph").asText());
        assertEquals("fake", thread.path("result").path("verdict").asText());
        assertEquals(threadId, thread.path("result").path("thread_id").asText());
    }

    @Test
    void the_history_lists_checkpoints_after_vision_and_structuring() throws Exception {
        JsonNode checkpoints = JSON.readTree(served.client().get("/v1/threads/" + threadId + "/history").body()).path("checkpoints");

        List<String> nodes = new ArrayList<>();
        checkpoints.forEach(checkpoint -> nodes.add(checkpoint.path("node").asText()));
        assertTrue(nodes.contains("vision") && nodes.contains("structuring"), nodes.toString());
    }

    @Test
    void a_replay_of_an_offline_analysis_is_identical() throws Exception {
        HttpResponse<String> response = served.client().post("/v1/threads/" + threadId + "/replay", "application/json",
                HttpRequest.BodyPublishers.noBody());

        assertEquals(200, response.statusCode(), response.body());
        JsonNode report = JSON.readTree(response.body());
        assertTrue(report.path("identical").asBoolean(), report.path("differences").toString());
        assertEquals("fake", report.path("result").path("verdict").asText());
    }

    @Test
    void an_unknown_thread_is_a_404_problem() throws Exception {
        HttpResponse<String> response = served.client().get("/v1/threads/no-such-thread/history");

        assertEquals(404, response.statusCode());
        assertEquals("no thread no-such-thread in the store", LoupeServerTest.problem(response).path("detail").asText());
    }

    @Test
    void a_page_size_out_of_range_is_a_400_problem() throws Exception {
        HttpResponse<String> response = served.client().get("/v1/threads?limit=0");

        assertEquals(400, response.statusCode());
        assertEquals("limit must be between 1 and 500; got 0", LoupeServerTest.problem(response).path("detail").asText());
    }
}
