package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeVersion;
import dev.loupe.graph.AnalysisEvent;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OpenAPI document the server publishes: valid OpenAPI 3.1 by swagger-parser (the parser
 * openapi-generator uses), and held to the code — the same routes as the ones registered in
 * Javalin, a response for every {@link ProblemType}, a schema for every event the stream sends.
 */
class OpenApiDocumentTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final ServedForensic served = new ServedForensic(ServerConfig.defaults().withApiToken("contract-token"), true);

    private static JsonNode document;

    @BeforeAll
    static void start() throws Exception {
        // Served without the token, as clients that generate code fetch it.
        HttpResponse<String> response = new ServerClient(served.server(), null).get(ApiDocument.PATH);
        assertEquals(200, response.statusCode(), response.body());
        document = JSON.readTree(response.body());
    }

    private static List<String> validationMessages(String json) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(json, null, options);
        List<String> messages = new ArrayList<>(result.getMessages());
        if (result.getOpenAPI() == null || result.getOpenAPI().getSpecVersion() != SpecVersion.V31) {
            messages.add("not read as OpenAPI 3.1");
        }
        return messages;
    }

    @Test
    void the_served_document_is_valid_openapi_3_1_with_this_builds_version() {
        assertEquals(List.of(), validationMessages(document.toString()));
        assertEquals("3.1.0", document.path("openapi").asText());
        assertEquals(LoupeVersion.get(), document.path("info").path("version").asText());
    }

    @Test
    void the_validator_rejects_a_document_with_an_operation_that_has_no_responses() {
        ObjectNode broken = document.deepCopy();
        ((ObjectNode) broken.path("paths").path("/v1/graphs").path("get")).remove("responses");
        ((ObjectNode) broken.path("info")).remove("title");

        List<String> messages = validationMessages(broken.toString());

        assertTrue(messages.stream().anyMatch(m -> m.contains("responses")), messages.toString());
        assertTrue(messages.stream().anyMatch(m -> m.contains("title")), messages.toString());
    }

    @Test
    void documents_exactly_the_routes_the_server_registers() {
        Set<String> documented = new TreeSet<>();
        document.path("paths").fields().forEachRemaining(path -> path.getValue().fieldNames()
                .forEachRemaining(method -> documented.add(method.toUpperCase() + " " + path.getKey())));

        assertEquals(documented, new TreeSet<>(served.server().routes()));
    }

    @Test
    void every_problem_type_has_a_response_whose_example_is_that_problem() {
        JsonNode responses = document.path("components").path("responses");
        Set<String> documented = new TreeSet<>();
        responses.forEach(response -> examples(response).forEach(example ->
                documented.add(example.path("type").asText() + " " + example.path("status").asInt() + " "
                        + example.path("title").asText())));

        Set<String> problems = Stream.of(ProblemType.values())
                .map(type -> type.uri() + " " + type.status() + " " + type.title())
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(problems, documented);
    }

    @Test
    void every_operation_answers_its_documented_errors_as_problem_details() {
        document.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation ->
                operation.getValue().path("responses").fields().forEachRemaining(response -> {
                    if (response.getKey().startsWith("4") || response.getKey().startsWith("5")) {
                        String ref = response.getValue().path("$ref").asText();
                        assertTrue(ref.startsWith("#/components/responses/"), operation.getKey() + " " + path.getKey());
                        JsonNode target = document.path("components").path("responses").path(ref.substring(ref.lastIndexOf('/') + 1));
                        examples(target).forEach(example -> assertEquals(response.getKey(),
                                example.path("status").asText(), ref + " on " + path.getKey()));
                    }
                })));
    }

    @Test
    void every_event_the_stream_sends_has_a_schema() {
        Set<String> documented = new TreeSet<>();
        for (JsonNode item : document.path("components").path("schemas").path("AnalysisEventStream").path("items").path("oneOf")) {
            String name = item.path("$ref").asText().replace("#/components/schemas/", "");
            documented.add(document.path("components").path("schemas").path(name).path("properties").path("event").path("const").asText());
        }

        Set<String> sent = new TreeSet<>(List.of(AnalysisEvent.NODE_START, AnalysisEvent.NODE_END, AnalysisEvent.TOOL_CALL,
                AnalysisEvent.TOOL_RESULT, AnalysisEvent.FINAL, EventStream.ERROR));
        assertEquals(sent, documented);
        assertFalse(documented.contains(""));
    }

    /** A problem response's example, or each of its named examples (the 409 has one per cause). */
    private static List<JsonNode> examples(JsonNode response) {
        JsonNode content = response.path("content").path(Problem.CONTENT_TYPE);
        List<JsonNode> examples = new ArrayList<>();
        if (content.has("example")) {
            examples.add(content.get("example"));
        }
        content.path("examples").forEach(named -> examples.add(named.path("value")));
        return examples;
    }
}
