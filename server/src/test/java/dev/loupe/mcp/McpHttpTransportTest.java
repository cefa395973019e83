package dev.loupe.mcp;

import dev.loupe.graph.AnalysisResult;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MCP contract over streamable HTTP, {@link TestMcpServer} served by Jetty on loopback; and a server that goes away. */
class McpHttpTransportTest extends McpTransportContract {

    private static Server jetty;

    @BeforeAll
    static void startServer() throws Exception {
        jetty = TestMcpServer.http();
    }

    @AfterAll
    static void stopServer() throws Exception {
        jetty.stop();
    }

    @Override
    String server(String name, double timeoutSeconds, boolean optional) {
        return "  " + name + ":\n    http: {url: \"" + url(jetty) + "\", headers: {X-Test: \"yes\"}}\n"
                + "    timeout_seconds: " + timeoutSeconds + "\n    optional: " + optional + "\n";
    }

    private static String url(Server server) {
        return "http://127.0.0.1:" + ((org.eclipse.jetty.server.ServerConnector) server.getConnectors()[0]).getLocalPort() + "/mcp";
    }

    @Test
    void a_server_that_goes_away_gives_retried_errors_and_the_analysis_still_ends_in_a_result() throws Exception {
        Server doomed = TestMcpServer.http();
        String declaration = "  doomed:\n    http: {url: \"" + url(doomed) + "\"}\n    timeout_seconds: 2\n";
        try (var loupe = McpGraphs.loupe(McpGraphs.forensic(List.of("metadata", "doomed__echo"),
                Map.of("doomed__echo", "{message: hi}"), declaration, "  backoff_seconds: 0\n"))) {
            doomed.stop();
            AnalysisResult result = loupe.analyze(image);
            Map<String, Object> echo = detail(result, "doomed__echo");
            assertEquals("error", echo.get("status"));
            // The first attempt finds the server gone; the second restarts it, once, and finds nothing to start.
            assertEquals(2, ((List<?>) echo.get("attempts")).size(), echo.toString());
            assertTrue(String.valueOf(echo.get("error")).startsWith("doomed__echo failed: MCP server 'doomed' (http: http://127.0.0.1:"),
                    echo.toString());
            assertTrue(String.valueOf(echo.get("error")).contains("did not start again"), echo.toString());
            assertNotNull(result.output().get("verdict"));
        }
    }
}
