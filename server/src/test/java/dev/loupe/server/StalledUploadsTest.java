package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Clients that send their headers and a few bytes of a large body, then stall: they hold no analysis
 * slot, so everyone else is still served; they hold a place among the bodies being received, which is
 * bounded, and for no longer than the upload timeout. No assertion here is about time; the timeouts
 * only keep a broken server from hanging the build.
 */
class StalledUploadsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @AutoClose
    private static final Loupe loupe = Loupe.builder().graph("forensic").build();

    /** A socket that has sent the head of a {@code length}-byte upload to {@code path} and a few bytes of it. */
    private static Socket stall(LoupeServer server, String path, long length) throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(60_000);
        String head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\n"
                + "Content-Type: multipart/form-data; boundary=" + ServerClient.BOUNDARY + "\r\n"
                + "Content-Length: " + length + "\r\n\r\n--" + ServerClient.BOUNDARY + "\r\n";
        socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    /** Waits until the server says it is receiving {@code bodies} request bodies. */
    private static void awaitReceiving(ServerClient client, int bodies) throws InterruptedException {
        while (Scrape.parse(client.get("/metrics").body()).valueOf("loupe_uploads_receiving", Map.of()) != bodies) {
            Thread.sleep(20);
        }
    }

    private static JsonNode problem(int status, String type, HttpResponse<String> response) throws Exception {
        assertEquals(status, response.statusCode(), response.body());
        JsonNode problem = JSON.readTree(response.body());
        assertEquals("urn:loupe:problem:" + type, problem.path("type").asText(), response.body());
        return problem;
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void twelve_stalled_uploads_leave_every_analysis_slot_free_for_a_normal_request() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try (LoupeServer server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(2, 2), List.of(loupe))) {
            ServerClient client = new ServerClient(server, null);
            for (int i = 0; i < 12; i++) {
                stalled.add(stall(server, i % 2 == 0 ? "/v1/analyze" : "/v1/threads/stalled-" + i + "/messages", 1_000_000));
            }
            awaitReceiving(client, 12);

            HttpResponse<String> upload = client.upload("", "photo.jpg", ServerImages.plainJpeg(96, 64));
            HttpResponse<String> streamed = client.upload("?stream=true", "photo.png", ServerImages.aiMarked(64, 48));
            HttpResponse<String> turn = client.post("/v1/threads/talk-1/messages", ConversationForm.TYPE,
                    ConversationForm.of("Is this photo real?", "marked.png", ServerImages.aiMarked(64, 48)));

            assertEquals(200, upload.statusCode(), upload.body());
            assertEquals(200, streamed.statusCode(), streamed.body());
            assertTrue(streamed.body().contains("event: final"), streamed.body());
            assertEquals(200, turn.statusCode(), turn.body());
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void past_the_most_bodies_at_once_an_upload_gets_429_and_reads_are_still_served() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try (LoupeServer server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(2, 2)
                .withUploads(new UploadPolicy(2, Duration.ofMinutes(2))), List.of(loupe))) {
            ServerClient client = new ServerClient(server, null);
            stalled.add(stall(server, "/v1/analyze", 1_000_000));
            stalled.add(stall(server, "/v1/analyze", 1_000_000));
            awaitReceiving(client, 2);

            HttpResponse<String> third = client.upload("", "photo.jpg", ServerImages.plainJpeg(96, 64));

            JsonNode problem = problem(429, "uploads-busy", third);
            assertEquals("2 request bodies are being received, the most at once; retry in a few seconds",
                    problem.path("detail").asText());
            assertEquals("2", third.headers().firstValue("Retry-After").orElse(""));
            assertEquals(200, client.get("/v1/threads").statusCode());
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void a_stalled_upload_is_answered_408_when_its_time_is_up_and_its_place_is_given_back() throws Exception {
        try (LoupeServer server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(1, 1)
                .withUploads(new UploadPolicy(1, Duration.ofSeconds(1))), List.of(loupe));
             Socket socket = stall(server, "/v1/analyze", 1_000_000)) {
            ServerClient client = new ServerClient(server, null);

            RawHttpAnswer answer = RawHttpAnswer.read(socket.getInputStream());

            assertEquals(408, answer.status(), answer.body());
            JsonNode problem = JSON.readTree(answer.body());
            assertEquals("urn:loupe:problem:upload-timeout", problem.path("type").asText(), answer.body());
            assertTrue(problem.path("detail").asText().startsWith("the request body did not arrive within 1 s"), answer.body());
            awaitReceiving(client, 0);
            assertEquals(200, client.upload("", "photo.jpg", ServerImages.plainJpeg(96, 64)).statusCode());
        }
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void a_fork_body_over_its_limit_gets_a_413_problem_naming_the_limit() throws Exception {
        try (LoupeServer server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(1, 1), List.of(loupe))) {
            ServerClient client = new ServerClient(server, null);
            String id = JSON.readTree(client.upload("", "photo.jpg", ServerImages.plainJpeg(96, 64)).body()).path("thread_id").asText();
            byte[] body = ("{\"prompts\": {\"agent\": \"" + "x".repeat(2 * 1024 * 1024) + "\"}}").getBytes(StandardCharsets.UTF_8);

            HttpResponse<String> fork = client.post("/v1/threads/" + id + "/fork?from=agent", "application/json",
                    HttpRequest.BodyPublishers.ofByteArray(body));

            JsonNode problem = problem(413, "too-large", fork);
            assertTrue(problem.path("detail").asText().endsWith("a fork's body is limited to 1048576 bytes"), fork.body());
        }
    }

    /** The status and body of an HTTP/1.1 answer read from a raw socket. */
    private record RawHttpAnswer(int status, String body) {
        static RawHttpAnswer read(InputStream in) throws IOException {
            String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(all.substring(all.indexOf(' ') + 1, all.indexOf(' ') + 4));
            String body = all.substring(all.indexOf("\r\n\r\n") + 4);
            return new RawHttpAnswer(status, body.startsWith("{") ? body : body.substring(body.indexOf('{'), body.lastIndexOf('}') + 1));
        }
    }
}
