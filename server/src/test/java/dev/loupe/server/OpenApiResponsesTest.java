package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.structure.JsonSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * What the running server answers, validated against the schemas of its own OpenAPI document
 * (JSON Schema 2020-12, OpenAPI 3.1's dialect): results, threads, graphs, health, the event stream
 * and the problem details — so the document cannot drift from the code without a failing test.
 */
class OpenApiResponsesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final ServedForensic served = new ServedForensic(ServerConfig.defaults());

    /** The document's components, read once; other server tests check their bodies against them too. */
    private static final JsonNode COMPONENTS = readComponents();

    /** The violations of {@code instance} against the document's schema {@code name}. */
    static List<String> violations(String name, JsonNode instance) {
        ObjectNode root = JSON.createObjectNode();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.put("$ref", "#/components/schemas/" + name);
        root.set("components", COMPONENTS);
        return JsonSchema.parse(root.toString()).validate(instance);
    }

    private static JsonNode readComponents() {
        try {
            return JSON.readTree(ApiDocument.load().json()).path("components");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static JsonNode answered(String schema, HttpResponse<String> response) throws Exception {
        assertEquals(200, response.statusCode(), response.body());
        JsonNode body = JSON.readTree(response.body());
        assertEquals(List.of(), violations(schema, body), schema + ": " + response.body());
        return body;
    }

    @Test
    void an_analysis_and_the_routes_around_it_answer_as_documented() throws Exception {
        JsonNode result = answered("AnalysisResult", served.client().upload("", "photo.jpg", ServerImages.plainJpeg(96, 64)));
        String id = result.path("thread_id").asText();

        answered("ThreadPage", served.client().get("/v1/threads?limit=5"));
        JsonNode thread = answered("ThreadWithResult", served.client().get("/v1/threads/" + id));
        answered("ThreadHistory", served.client().get("/v1/threads/" + id + "/history"));
        answered("ReplayReport", served.client().post("/v1/threads/" + id + "/replay", "application/json",
                HttpRequest.BodyPublishers.noBody()));
        answered("GraphList", served.client().get("/v1/graphs"));
        answered("Health", served.client().get("/healthz"));

        assertEquals(id, thread.path("id").asText());
        assertFalse(violations("AnalysisResult", JSON.createObjectNode()).isEmpty(), "an empty result must not pass");
    }

    @Test
    void a_streamed_analysis_sends_only_documented_events() throws Exception {
        HttpResponse<String> response = served.client().upload("?stream=true", "marked.png", ServerImages.aiMarked(80, 60));

        assertEquals(200, response.statusCode(), response.body());
        ArrayNode events = events(response.body());
        assertEquals(List.of(), violations("AnalysisEventStream", events));
        assertEquals("final", events.get(events.size() - 1).path("event").asText());
        ObjectNode renamed = ((ObjectNode) events.get(0).deepCopy()).put("event", "node_begin");
        assertFalse(violations("AnalysisEventStream", JSON.createArrayNode().add(renamed)).isEmpty(),
                "an undocumented event must not pass");
    }

    @Test
    void refusals_are_the_documented_problem_details() throws Exception {
        problem(ProblemType.NOT_FOUND, served.client().get("/v1/threads/no-such-thread"));
        problem(ProblemType.NOT_FOUND, served.client().get("/v1/nowhere"));
        problem(ProblemType.BAD_INPUT, served.client().get("/v1/threads?limit=0"));
        problem(ProblemType.BAD_INPUT, served.client().upload("", "notes.jpg", "not an image".getBytes()));
        problem(ProblemType.UNSUPPORTED_MEDIA_TYPE, served.client().post("/v1/analyze", "text/plain",
                HttpRequest.BodyPublishers.ofString("photo.jpg")));
        problem(ProblemType.NOT_FOUND, served.client().upload("?graph=nonesuch", "photo.jpg", ServerImages.plainJpeg(32, 32)));
    }

    private static void problem(ProblemType expected, HttpResponse<String> response) throws Exception {
        assertEquals(expected.status(), response.statusCode(), response.body());
        assertEquals(Problem.CONTENT_TYPE, response.headers().firstValue("Content-Type").orElse("").split(";")[0]);
        JsonNode body = JSON.readTree(response.body());
        assertEquals(List.of(), violations("Problem", body), response.body());
        assertEquals(expected.uri(), body.path("type").asText());
    }

    /** The stream as the document describes it: one {@code {id, event, data}} object per event. */
    static ArrayNode events(String body) throws Exception {
        ArrayNode events = JSON.createArrayNode();
        for (String block : body.split("\n\n")) {
            ObjectNode event = JSON.createObjectNode();
            for (String line : block.split("\n")) {
                int colon = line.indexOf(": ");
                if (colon < 0) {
                    continue;
                }
                String field = line.substring(0, colon);
                String value = line.substring(colon + 2);
                switch (field) {
                    case "id" -> event.put("id", Long.parseLong(value));
                    case "event" -> event.put("event", value);
                    case "data" -> event.set("data", JSON.readTree(value));
                    default -> event.put(field, value);
                }
            }
            if (!event.isEmpty()) {
                events.add(event);
            }
        }
        return events;
    }
}
