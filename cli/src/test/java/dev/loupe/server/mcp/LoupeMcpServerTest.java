package dev.loupe.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.image.ImageLimits;
import dev.loupe.cli.Main;
import dev.loupe.mcp.McpConnections;
import dev.loupe.mcp.McpJson;
import dev.loupe.server.LoupeServer;
import dev.loupe.server.ServerConfig;
import dev.loupe.testing.TestImages;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Loupe as an MCP server, driven by the official SDK's client: {@code loupe mcp} in a JVM of its own
 * over stdio, and {@code loupe serve --mcp} over streamable HTTP behind the bearer token.
 */
class LoupeMcpServerTest {

    @TempDir
    static Path dir;

    static Path image;

    @BeforeAll
    static void drawImage() {
        image = TestImages.drawn(dir, "harbour.png", "png", 120, 80);
    }

    @AfterAll
    static void closeServers() {
        McpConnections.shared().closeAll();
    }

    @Test
    void loupe_mcp_over_stdio_lists_its_tools_analyzes_an_image_and_reads_the_thread_back() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ServerParameters parameters = ServerParameters.builder(java)
                .args("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", Main.class.getName(), "mcp", "--store",
                        dir.resolve("threads.db").toString())
                .env(Map.of("CLASSPATH", System.getProperty("java.class.path"))).build();
        try (McpSyncClient client = client(new StdioClientTransport(parameters, McpJson.MAPPER))) {
            assertEquals(List.of("analyze_image", "list_threads", "get_thread", "replay_thread"),
                    client.listTools().tools().stream().map(McpSchema.Tool::name).toList());

            McpSchema.CallToolResult analysis = call(client, "analyze_image", Map.of("path", image.toString()));
            assertFalse(Boolean.TRUE.equals(analysis.isError()), text(analysis, 0));
            JsonNode result = json(analysis, 1);
            String threadId = result.get("thread_id").asText();
            assertTrue(text(analysis, 0).startsWith("forensic: " + result.get("verdict").asText()), text(analysis, 0));

            JsonNode threads = json(call(client, "list_threads", Map.of("limit", 5)), 0);
            assertEquals(threadId, threads.get("threads").get(0).get("id").asText());
            JsonNode thread = json(call(client, "get_thread", Map.of("thread_id", threadId)), 0);
            assertEquals("done", thread.get("status").asText());
            assertEquals(result.get("verdict"), thread.get("result").get("verdict"));
            JsonNode replay = json(call(client, "replay_thread", Map.of("thread_id", threadId)), 0);
            assertTrue(replay.get("identical").asBoolean(), replay.toString());

            McpSchema.CallToolResult missing = call(client, "analyze_image", Map.of("path", dir.resolve("nope.jpg").toString()));
            assertTrue(missing.isError());
            assertFalse(text(missing, 0).contains("\n"), text(missing, 0));
            assertTrue(text(missing, 0).contains("nope.jpg"), text(missing, 0));
        }
    }

    @Test
    void loupe_serve_mcp_answers_over_streamable_http_behind_the_bearer_token() throws Exception {
        ServerConfig config = ServerConfig.defaults().withPort(0).withApiToken("s3cret-token");
        try (Loupe loupe = Loupe.builder().store(StoreLocation.parse("memory")).build();
             LoupeServer server = LoupeServer.start(config, List.of(loupe), true)) {
            String base = "http://127.0.0.1:" + server.port();
            assertThrows(RuntimeException.class, () -> {
                try (McpSyncClient anonymous = client(HttpClientStreamableHttpTransport.builder(base).endpoint("/mcp")
                        .jsonMapper(McpJson.MAPPER).build())) {
                    anonymous.listTools();
                }
            });
            try (McpSyncClient client = client(HttpClientStreamableHttpTransport.builder(base).endpoint("/mcp")
                    .jsonMapper(McpJson.MAPPER).requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer s3cret-token")).build())) {
                String bytes = Base64.getEncoder().encodeToString(Files.readAllBytes(image));
                McpSchema.CallToolResult analysis = call(client, "analyze_image", Map.of("image_base64", bytes, "name", "harbour.png"));
                assertFalse(Boolean.TRUE.equals(analysis.isError()), text(analysis, 0));
                assertEquals("harbour.png", json(analysis, 1).get("image").get("name").asText());

                McpSchema.CallToolResult path = call(client, "analyze_image", Map.of("path", image.toString()));
                assertTrue(path.isError());
                assertEquals("this server reads no paths (start it with --allowed-root DIR); send image_base64", text(path, 0));
            }
        }
    }

    @Test
    void over_http_a_relative_path_is_read_inside_the_allowed_root_and_ids_that_are_paths_are_refused() throws Exception {
        Path root = Files.createDirectories(dir.resolve("uploads"));
        Files.copy(image, root.resolve("harbour.png"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(image, dir.resolve("secret.png"), StandardCopyOption.REPLACE_EXISTING);
        ServerConfig config = ServerConfig.defaults().withPort(0).withApiToken("s3cret-token")
                .withLimits(ImageLimits.defaults().withAllowedRoot(root));
        try (Loupe loupe = Loupe.builder().store(StoreLocation.parse("memory")).build();
             LoupeServer server = LoupeServer.start(config, List.of(loupe), true);
             McpSyncClient client = client(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
                     .endpoint("/mcp").jsonMapper(McpJson.MAPPER)
                     .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer s3cret-token")).build())) {
            McpSchema.CallToolResult relative = call(client, "analyze_image", Map.of("path", "harbour.png"));
            McpSchema.CallToolResult climbing = call(client, "analyze_image", Map.of("path", "../secret.png"));

            assertFalse(Boolean.TRUE.equals(relative.isError()), text(relative, 0));
            assertEquals("harbour.png", json(relative, 1).get("image").get("name").asText());
            assertTrue(climbing.isError());
            assertEquals("../secret.png: outside the allowed folder", text(climbing, 0));
            for (String tool : List.of("get_thread", "replay_thread")) {
                for (String id : List.of("../x", "/tmp/loupe-mcp-x", "\uff0e\uff0e\uff0fx")) {
                    McpSchema.CallToolResult refused = call(client, tool, Map.of("thread_id", id));
                    assertTrue(refused.isError(), tool + " " + id);
                    assertTrue(text(refused, 0).startsWith("thread_id '" + id + "' is not usable as a name"), text(refused, 0));
                }
            }
        }
    }

    private static McpSyncClient client(McpClientTransport transport) {
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(90))
                .initializationTimeout(Duration.ofSeconds(60)).jsonSchemaValidator(McpJson.VALIDATOR).build();
        client.initialize();
        return client;
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    private static String text(McpSchema.CallToolResult result, int block) {
        return ((McpSchema.TextContent) result.content().get(block)).text();
    }

    private static JsonNode json(McpSchema.CallToolResult result, int block) throws Exception {
        return McpJson.JSON.readTree(text(result, block));
    }
}
