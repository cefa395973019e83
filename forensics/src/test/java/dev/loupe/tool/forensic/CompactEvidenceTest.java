package dev.loupe.tool.forensic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.ExifBlock;
import dev.loupe.testing.MarkedImages;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.tool.Finding;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.ToolResult;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The compact evidence a model reads keeps what it needs: the forensic graph, compiled for real, on
 * the real langchain4j OpenAI client talking to the loopback stub. Every finding each tool states
 * (run again here, directly, on the same bytes) reaches the model's request whole — a clone's
 * regions and shift, the region that differs from the thumbnail and by how much — and so does the
 * software an editor wrote into EXIF; artefact paths and empty fields do not.
 */
class CompactEvidenceTest {

    private static final String VERDICT = "```json\n{\"verdict\": \"fake\", \"confidence\": 0.9}\n```";

    @Test
    void the_model_reads_a_clone_and_a_patch_the_thumbnail_does_not_show_with_their_regions() throws Exception {
        BufferedImage canon = PhotoFixtures.rgbCopy(PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.CANON)));
        canon.getGraphics().drawImage(PhotoFixtures.rgbCopy(canon.getSubimage(1296, 448, 96, 96)), 1800, 1900, null);
        BufferedImage nikon = PhotoFixtures.decode(PhotoFixtures.resource(PhotoFixtures.NIKON));
        canon.getGraphics().drawImage(nikon.getSubimage(1200, 1000, 400, 300), 300, 1300, null);
        byte[] forged = ExifSplice.withSegment(PhotoFixtures.jpeg(canon, 0.92f),
                ExifSplice.exifSegment(PhotoFixtures.resource(PhotoFixtures.CANON)));

        Map<String, String> read = toolMessages(forged, List.of("copy_move", "thumbnail"));

        assertTrue(read.get("copy_move").contains("copy_move_detected: The region "), read.get("copy_move"));
        assertTrue(read.get("thumbnail").contains("thumbnail_mismatch: The image differs from its EXIF thumbnail in "),
                read.get("thumbnail"));
        assertEveryFindingWhole(forged, read);
    }

    @Test
    void the_model_reads_the_software_an_editor_wrote_into_exif() throws Exception {
        byte[] edited = MarkedImages.withExif(MarkedImages.jpeg(320, 240),
                new ExifBlock().make("Canon").model("Canon EOS 400D DIGITAL").software("Adobe Photoshop CS6 (Windows)").build());

        Map<String, String> read = toolMessages(edited, List.of("metadata"));

        String metadata = read.get("metadata");
        assertTrue(metadata.contains("\"software\":\"Adobe Photoshop CS6 (Windows)\""), metadata);
        assertTrue(metadata.lines().anyMatch(line -> line.startsWith("editing_software: ")), metadata);
        assertFalse(metadata.contains("null") || metadata.contains("[]") || metadata.contains("{}"), metadata);
        assertEveryFindingWhole(edited, read);
    }

    /** Each tool's findings, as the tool states them, appear as lines of the message the model got. */
    private static void assertEveryFindingWhole(byte[] image, Map<String, String> read) throws Exception {
        ToolRegistry registry = ToolRegistry.discover();
        for (Map.Entry<String, String> message : read.entrySet()) {
            Tool tool = registry.find(message.getKey()).orElseThrow();
            ToolResult full = tool.run(new ToolContext(PhotoFixtures.loaded("image.jpg", image), null),
                    JsonNodeFactory.instance.objectNode());
            assertFalse(full.findings().isEmpty(), message.getKey());
            for (Finding finding : full.findings()) {
                assertTrue(message.getValue().lines().anyMatch(line -> line.equals(finding.code() + ": " + finding.detail())),
                        message.getKey() + " lost " + finding.code() + ":\n" + message.getValue());
            }
            assertFalse(message.getValue().contains(".png"), "an artefact path reached the model: " + message.getValue());
        }
    }

    /** The tool messages of the agent's first model request, by tool name, for a graph with these tools only. */
    private static Map<String, String> toolMessages(byte[] image, List<String> tools) throws Exception {
        try (OpenAiStub stub = new OpenAiStub()) {
            stub.enqueue(OpenAiStub.text("A photograph.", 10, 5));
            stub.enqueue(OpenAiStub.text(VERDICT, 10, 5));
            ModelSpec model = new ModelSpec("openai", "gpt-4o-mini", stub.baseUrl(), 0.0, null, Duration.ofSeconds(30), 1, Map.of(), null);
            try (Loupe loupe = Loupe.builder().graph("forensic").store(StoreLocation.parse("memory"))
                    .overrides(GraphOverrides.none().tools(tools).model(model))
                    .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", "sk-test")))).build()) {
                loupe.analyze(image, "image.jpg");
            }
            JsonNode agent = stub.requests().get(1).body();
            Map<String, String> names = new LinkedHashMap<>();
            Map<String, String> byTool = new LinkedHashMap<>();
            List<JsonNode> messages = new ArrayList<>();
            agent.path("messages").forEach(messages::add);
            for (JsonNode message : messages) {
                message.path("tool_calls").forEach(call -> names.put(call.path("id").asText(), call.path("function").path("name").asText()));
                if (message.path("role").asText().equals("tool")) {
                    byTool.put(names.get(message.path("tool_call_id").asText()), message.path("content").asText());
                }
            }
            assertEquals(tools.size(), byTool.size(), agent.toString());
            return byTool;
        }
    }
}
