package dev.loupe.mcp;

import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.ToolDetail;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every MCP transport must do for Loupe, run against {@link TestMcpServer}: tools join the
 * registry as {@code server__tool} with their schemas, an analysis calls them, and a server's error
 * or malformed answer is an error result while the analysis still ends in a verdict.
 */
abstract class McpTransportContract {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path images;

    static Path image;

    /** The YAML declaration of a server named {@code name} on this transport; the tests here share one, "shared". */
    abstract String server(String name, double timeoutSeconds, boolean optional);

    @BeforeAll
    static void drawImage() {
        image = TestImages.drawn(images, "scene.png", "png", 96, 64);
    }

    @AfterAll
    static void closeServers() {
        McpConnections.shared().closeAll();
    }

    @Test
    void its_tools_join_the_registry_namespaced_with_their_json_schemas() throws Exception {
        McpTools tools = McpTools.resolve(McpServersSection.parse(yamlMapping(server("shared", 20, false)), "test"),
                List.of("shared__*"));
        List<String> names = tools.tools().stream().map(Tool::name).toList();
        assertTrue(names.containsAll(List.of("shared__echo", "shared__add", "shared__fail")), names.toString());
        Tool echo = tools.tools().stream().filter(t -> t.name().equals("shared__echo")).findFirst().orElseThrow();
        assertEquals(List.of("message"), JSON.convertValue(JSON.readTree(echo.definition().argumentSchema()).get("required"), List.class));
        assertTrue(echo.definition().description().startsWith("Repeats the message."), echo.definition().description());
        ToolResult result = echo.run(ToolContext.of(new dev.loupe.image.ImageLoader().load(image)),
                JSON.readTree("{\"message\":\"hello\"}"));
        assertEquals("echo: hello", result.data().get("text").asText());
    }

    @Test
    void an_analysis_calls_an_mcp_tool_and_reads_its_structured_answer() {
        AnalysisResult result = analyze(List.of("metadata", "shared__echo", "shared__add"),
                Map.of("shared__echo", "{message: hello}", "shared__add", "{a: 2, b: 3}"), server("shared", 20, false), "");
        assertEquals("ok", detail(result, "shared__echo").get("status"));
        assertEquals("ok", detail(result, "shared__add").get("status"), detail(result, "shared__add").toString());
        assertNotNull(result.output().get("verdict"));
    }

    @Test
    void an_error_the_server_answers_with_is_an_error_result_and_is_not_retried() {
        AnalysisResult result = analyze(List.of("metadata", "shared__fail"), Map.of(), server("shared", 20, false), "");
        Map<String, Object> fail = detail(result, "shared__fail");
        assertEquals("error", fail.get("status"));
        assertEquals("the tool refuses", fail.get("error"));
        assertFalse(fail.containsKey("attempts"), fail.toString());
        assertNotNull(result.output().get("verdict"));
    }

    @Test
    void a_malformed_result_is_an_error_result_and_the_analysis_still_ends_in_a_verdict() {
        AnalysisResult result = analyze(List.of("metadata", "shared__malformed"), Map.of(), server("shared", 20, false), "");
        Map<String, Object> malformed = detail(result, "shared__malformed");
        assertEquals("error", malformed.get("status"));
        assertTrue(String.valueOf(malformed.get("error")).contains("not a valid tool result"), malformed.toString());
        assertEquals("ok", detail(result, "metadata").get("status"));
        assertNotNull(result.output().get("verdict"));
    }

    static AnalysisResult analyze(List<String> tools, Map<String, String> arguments, String servers, String execution) {
        try (Loupe loupe = McpGraphs.loupe(McpGraphs.forensic(tools, arguments, servers, execution))) {
            return loupe.analyze(image);
        }
    }

    static Map<String, Object> detail(AnalysisResult result, String tool) {
        Optional<Map<String, Object>> found = result.toolDetails().stream().filter(d -> tool.equals(d.tool())).findFirst()
                .map(ToolDetail::toMap);
        return found.orElseThrow(() -> new AssertionError("no call of " + tool + " in " + result.toolDetails()));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> yamlMapping(String yaml) {
        try {
            return new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readValue(yaml, Map.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
