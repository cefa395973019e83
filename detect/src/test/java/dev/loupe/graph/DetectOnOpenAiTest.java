package dev.loupe.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.model.NodeRole;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.ModelViewReader;
import dev.loupe.tool.ToolRegistry;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The detect graph with its agent on the real langchain4j OpenAI client, talking to a loopback stub
 * that plays a model: it calls detect_objects, then draw_boxes with the face box written in one of the
 * conventions models use. Whatever the convention, the box drawn and reported back is the same
 * normalised box.
 */
class DetectOnOpenAiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String READER = "/data/images/jpg/2/2008-07-27+-+Photo+216+-+WE+a+l'etang+de+Blodelsheim.jpg";
    private static final Pattern BOX = Pattern.compile("face [\\d.]+ \\[([\\d.]+), ([\\d.]+), ([\\d.]+), ([\\d.]+)]");

    @TempDir
    Path dir;
    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();

    private Loupe loupe() {
        GraphSpec bundled = GraphSpecParser.load(GraphFiles.bundled(), "detect");
        GraphSpec remoteAgent = GraphOverrides.none().model(NodeRole.AGENT, StubbedGraph.agent(stub)).applyTo(bundled);
        return Loupe.builder().graph(remoteAgent).providers(StubbedGraph.providers())
                .tools(ToolRegistry.discover()).outputDir(dir.resolve("out")).build();
    }

    /** The face box on the 1080 × 1920 photograph, written four ways. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "pixels, inferred        | {\"label\": \"face\", \"box\": [806, 747, 1024, 951]}                | auto      | auto | pixels [x1, y1, x2, y2] (inferred: numbers above 1 that fit the 1080×1920 image)",
        "0-1000, declared        | {\"label\": \"face\", \"box\": [746, 389, 949, 496]}                 | per_mille | auto | per_mille [x1, y1, x2, y2] (declared)",
        "box_2d, Gemini's        | {\"label\": \"face\", \"box_2d\": [389, 746, 496, 949]}              | auto      | auto | per_mille [y1, x1, y2, x2] (inferred: box_2d is Gemini's [y1, x1, y2, x2] in 0–1000)",
        "y first, normalised     | {\"label\": \"face\", \"box\": [0.3893, 0.7461, 0.4955, 0.9486]}         | auto      | yxyx | normalized [y1, x1, y2, x2] (inferred: every number lies in [0, 1])",
    })
    void detect_then_draw_reads_the_models_boxes_in_any_convention(String name, String box, String scale, String order,
                                                                  String expected) throws Exception {
        Path image = TestImages.copy(READER, dir);
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[] {"detect_objects", "{\"label\": \"face\"}"}), 900, 20));
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[] {"draw_boxes",
                "{\"boxes\": [" + box + "], \"scale\": \"" + scale + "\", \"order\": \"" + order + "\"}"}), 1100, 40));
        stub.enqueue(OpenAiStub.text("One face, drawn.\n```json\n{\"boxes\": [{\"label\": \"face\", \"score\": 0.64, "
                + "\"box\": [0.7461, 0.3893, 0.9486, 0.4955]}], \"count\": 1, \"labels\": [\"face\"], \"summary\": \"one face\"}\n```",
                1300, 60));

        try (Loupe loupe = loupe()) {
            var result = loupe.analyze(image, AnalysisOptions.defaults().withQuestion("Detect the face and draw it"));

            assertEquals(List.of("detect_objects", "draw_boxes"), result.toolDetails().stream().map(d -> d.tool()).toList());
            assertEquals(1, ((Number) result.output().get("count")).intValue());
        }
        List<OpenAiStub.Recorded> requests = stub.requests();
        assertEquals(3, requests.size());
        assertTrue(requests.get(0).raw().contains("The user asks: Detect the face and draw it"), "the request reaches the model");
        assertTrue(requests.get(0).raw().contains("data:image/"), "the agent sees the image");
        List<Double> detected = box(toolResult(requests.get(1)));
        JsonNode drawn = toolResult(requests.get(2));
        assertEquals("ok", drawn.path("status").asText(), drawn.toString());
        assertTrue(drawn.toString().contains("Boxes read as " + expected + "."), drawn.toString());
        List<Double> read = box(drawn);
        for (int i = 0; i < 4; i++) {
            assertEquals(detected.get(i), read.get(i), 0.0015, "corner " + i + " of " + read + " against the detected " + detected);
        }
        try (var files = Files.walk(dir.resolve("out"))) {
            assertEquals(1, files.filter(p -> p.getFileName().toString().startsWith("boxes-")).count());
        }
    }

    /** The content of the tool message the client sent back to the model. */
    private static JsonNode toolResult(OpenAiStub.Recorded request) throws Exception {
        JsonNode last = null;
        for (JsonNode message : request.body().path("messages")) {
            if (message.path("role").asText().equals("tool")) {
                last = message;
            }
        }
        return ModelViewReader.read(last.path("content").asText()).toJson();
    }

    private static List<Double> box(JsonNode result) {
        for (JsonNode finding : result.path("findings")) {
            Matcher m = BOX.matcher(finding.path("detail").asText());
            if (finding.path("code").asText().equals("object_box") && m.matches()) {
                List<Double> corners = new ArrayList<>();
                for (int i = 1; i <= 4; i++) {
                    corners.add(Double.parseDouble(m.group(i)));
                }
                return corners;
            }
        }
        throw new AssertionError("no face box in " + result);
    }
}
