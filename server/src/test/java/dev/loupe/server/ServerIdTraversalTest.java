package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Thread ids that are paths, sent over HTTP in every spelling — relative, absolute, percent-encoded
 * once or twice, and Unicode look-alikes of the dot and the solidus — are refused with a 400 problem
 * before anything runs, and nothing is written outside the server's output folder.
 */
class ServerIdTraversalTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] PLANTED = "an examiner's own picture".getBytes();

    @TempDir
    static Path dir;
    private static Path out;
    private static Path planted;
    private static Loupe loupe;
    private static LoupeServer server;
    private static ServerClient client;

    @BeforeAll
    static void start() throws IOException {
        out = Files.createDirectories(dir.resolve("a").resolve("b").resolve("out"));
        // What the traversal overwrote: a picture of the same name where '../x' would lead.
        planted = Files.createDirectories(dir.resolve("a").resolve("b").resolve("x")).resolve("ela-q90.png");
        Files.write(planted, PLANTED);
        loupe = Loupe.builder().graph("forensic").outputDir(out).build();
        server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(2, 2), List.of(loupe));
        client = new ServerClient(server, null);
    }

    @AfterAll
    static void stop() {
        server.close();
        loupe.close();
    }

    /** Every file under the test's folder that is neither inside the output folder nor the planted picture. */
    private static List<Path> writtenOutside() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(file -> !file.startsWith(out) && !file.equals(planted)).toList();
        }
    }

    private static void assertRefusedAsAName(HttpResponse<String> response) throws Exception {
        assertEquals(400, response.statusCode(), response.body());
        JsonNode problem = JSON.readTree(response.body());
        assertEquals("urn:loupe:problem:bad-input", problem.path("type").asText(), response.body());
        assertTrue(problem.path("detail").asText().startsWith("thread id '"), response.body());
        assertTrue(problem.path("detail").asText().contains("is not usable as a name"), response.body());
    }

    private static void assertNothingEscaped() throws IOException {
        assertEquals(List.of(), writtenOutside());
        assertArrayEquals(PLANTED, Files.readAllBytes(planted), "the picture outside the output folder is untouched");
    }

    /** {@code ABSOLUTE} in an id: an absolute path beside the output folder, percent-encoded, so that a write there is seen. */
    private static String id(String given) {
        return given.replace("ABSOLUTE", URLEncoder.encode(dir.resolve("a").resolve("escaped").toString(), StandardCharsets.UTF_8));
    }

    @Test
    void a_plain_thread_id_puts_the_pictures_in_its_folder_inside_the_output_folder() throws Exception {
        HttpResponse<String> response = client.upload("?thread_id=plain-1", "photo.jpg", ServerImages.plainJpeg(160, 120));

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(Files.isRegularFile(out.resolve("plain-1").resolve("ela-q90.png")), "the tools wrote their pictures");
        assertNothingEscaped();
    }

    @ParameterizedTest
    @ValueSource(strings = {"..%2Fx", "..%2F..%2Fx", "ABSOLUTE", "..%252F..%252Fx", "..%5Cx",
            "%EF%BC%8E%EF%BC%8E%EF%BC%8Fx", "..%E2%88%95x", "%E2%80%A4%E2%80%A4%2Fx", "."})
    void an_analysis_under_a_thread_id_that_is_a_path_is_refused_and_writes_nothing(String given) throws Exception {
        String id = id(given);
        HttpResponse<String> plain = client.upload("?thread_id=" + id, "photo.jpg", ServerImages.plainJpeg(160, 120));
        HttpResponse<String> streamed = client.upload("?stream=true&thread_id=" + id, "photo.jpg", ServerImages.plainJpeg(160, 120));

        assertRefusedAsAName(plain);
        assertRefusedAsAName(streamed);
        assertNothingEscaped();
    }

    @ParameterizedTest
    @ValueSource(strings = {"..%2Fconv", "..%2F..%2Fx", "ABSOLUTE", "%EF%BC%8E%EF%BC%8E%EF%BC%8Fconv", "..%E2%88%95conv"})
    void a_conversation_under_an_id_that_is_a_path_is_refused_and_writes_nothing(String given) throws Exception {
        String id = id(given);
        HttpResponse<String> json = client.post("/v1/threads/" + id + "/messages", "application/json",
                ConversationForm.json("is this photo real?"));
        HttpResponse<String> form = client.post("/v1/threads/" + id + "/messages", ConversationForm.TYPE,
                ConversationForm.of("is this photo real?", "photo.jpg", ServerImages.plainJpeg(160, 120)));

        assertRefusedAsAName(json);
        assertRefusedAsAName(form);
        assertNothingEscaped();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/threads/..%2F..%2Fx", "/v1/threads/..%2F..%2Fx/history", "/v1/threads/..%2Fx/messages"})
    void reading_a_thread_by_a_path_is_refused(String path) throws Exception {
        assertRefusedAsAName(client.get(path));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/threads/..%2Fx/replay", "/v1/threads/ABSOLUTE/fork?from=agent"})
    void replaying_or_forking_a_thread_named_by_a_path_is_refused(String path) throws Exception {
        assertRefusedAsAName(client.post(id(path), "application/json", HttpRequest.BodyPublishers.ofString("")));
        assertNothingEscaped();
    }
}
