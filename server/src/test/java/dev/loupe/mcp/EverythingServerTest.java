package dev.loupe.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLoader;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MCP reference server {@code @modelcontextprotocol/server-everything}, installed from npm into
 * {@code target/} when node is on the machine, over stdio: its tools join the registry and an
 * analysis calls one. Skipped, with the reason, when node or npm is missing or the install fails.
 */
class EverythingServerTest {

    private static final String PACKAGE = "@modelcontextprotocol/server-everything@2026.8.31";
    private static final Path INSTALL = Path.of("target", "mcp-everything");
    private static final Path ENTRY = INSTALL.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");

    @TempDir
    static Path images;
    static String declaration;

    @BeforeAll
    static void install() throws Exception {
        Assumptions.assumeTrue(ProgramPath.check("node").isEmpty() && ProgramPath.check("npm").isEmpty(),
                "node and npm are not on this machine: the reference server test is skipped");
        if (!Files.isRegularFile(ENTRY)) {
            Files.createDirectories(INSTALL);
            Process npm = new ProcessBuilder("npm", "install", "--prefix", INSTALL.toString(), PACKAGE,
                    "--no-audit", "--no-fund", "--loglevel=error").redirectErrorStream(true).start();
            String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean done = npm.waitFor(5, TimeUnit.MINUTES);
            Assumptions.assumeTrue(done && npm.exitValue() == 0 && Files.isRegularFile(ENTRY),
                    "npm install " + PACKAGE + " failed, the reference server test is skipped: " + output.strip());
        }
        declaration = "  everything:\n    stdio: {command: node, args: [\"" + ENTRY.toAbsolutePath() + "\", stdio]}\n"
                + "    timeout_seconds: 20\n";
    }

    @AfterAll
    static void close() {
        McpConnections.shared().closeAll();
    }

    @Test
    void the_reference_servers_tools_join_the_registry_and_echo_answers() throws Exception {
        McpTools tools = McpTools.resolve(McpServersSection.parse(McpTransportContract.yamlMapping(declaration), "test"),
                List.of("everything__*"));
        List<String> names = tools.tools().stream().map(Tool::name).toList();
        assertTrue(names.contains("everything__echo"), names.toString());
        Tool echo = tools.tools().stream().filter(t -> t.name().equals("everything__echo")).findFirst().orElseThrow();
        Path image = TestImages.drawn(images, "scene.png", "png", 64, 48);
        ToolResult result = echo.run(ToolContext.of(new ImageLoader().load(image)),
                new ObjectMapper().readTree("{\"message\":\"from loupe\"}"));
        assertEquals("Echo: from loupe", result.data().get("text").asText());
    }

    @Test
    void an_analysis_calls_the_reference_server_and_ends_in_a_verdict() {
        McpTransportContract.image = TestImages.drawn(images, "analysed.png", "png", 64, 48);
        AnalysisResult result = McpTransportContract.analyze(List.of("metadata", "everything__echo"),
                Map.of("everything__echo", "{message: hello}"), declaration, "");
        assertEquals("ok", McpTransportContract.detail(result, "everything__echo").get("status"));
        assertTrue(result.output().get("verdict") != null);
    }
}
