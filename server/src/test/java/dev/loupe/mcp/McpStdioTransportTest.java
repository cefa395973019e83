package dev.loupe.mcp;

import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MCP contract over stdio, {@link TestMcpServer} in a JVM of its own; and servers that crash, hang or babble. */
class McpStdioTransportTest extends McpTransportContract {

    @Override
    String server(String name, double timeoutSeconds, boolean optional) {
        return McpGraphs.stdioServer(name, timeoutSeconds, optional);
    }

    @Test
    void a_server_that_crashes_mid_call_is_restarted_once_and_the_analysis_still_ends_in_a_result() {
        AnalysisResult result = analyze(List.of("metadata", "crashing__crash"), Map.of(), server("crashing", 2, false),
                "  backoff_seconds: 0\n");
        Map<String, Object> crash = detail(result, "crashing__crash");
        assertEquals("error", crash.get("status"));
        List<?> attempts = (List<?>) crash.get("attempts");
        assertEquals(3, attempts.size(), crash.toString());
        assertTrue(String.valueOf(crash.get("error")).contains("died again after a restart"), crash.toString());
        assertNotNull(result.output().get("verdict"));
    }

    @Test
    void a_server_that_died_once_is_started_again_for_the_next_call() {
        String server = server("phoenix", 2, false);
        AnalysisResult first = analyze(List.of("phoenix__crash"), Map.of(), server, "  retries: 0\n");
        assertEquals("error", detail(first, "phoenix__crash").get("status"));
        AnalysisResult second = analyze(List.of("phoenix__echo"), Map.of("phoenix__echo", "{message: again}"), server, "");
        assertEquals("ok", detail(second, "phoenix__echo").get("status"));
    }

    @Test
    void a_server_that_hangs_is_given_up_on_after_its_timeout_and_the_analysis_ends() {
        AnalysisResult result = analyze(List.of("metadata", "sleepy__hang"), Map.of(), server("sleepy", 1, false),
                "  retries: 0\n");
        Map<String, Object> hang = detail(result, "sleepy__hang");
        assertEquals("error", hang.get("status"));
        assertTrue(String.valueOf(hang.get("error")).contains("did not answer within 1.0 s"), hang.toString());
        assertNotNull(result.output().get("verdict"));
    }

    @Test
    void a_line_that_is_not_json_rpc_fails_the_call_and_the_analysis_still_ends() {
        AnalysisResult result = analyze(List.of("metadata", "babble__garbage"), Map.of(), server("babble", 2, false),
                "  retries: 0\n");
        assertEquals("error", detail(result, "babble__garbage").get("status"));
        assertNotNull(result.output().get("verdict"));
    }

    @Test
    void a_server_that_does_not_start_is_a_one_line_error_naming_it() {
        String ghost = "  ghost:\n    stdio: {command: /nonexistent/loupe-no-such-server}\n    timeout_seconds: 5\n";
        LoupeException error = assertThrows(LoupeException.class,
                () -> McpGraphs.loupe(McpGraphs.forensic(List.of("metadata", "ghost__anything"), Map.of(), ghost)).close());
        assertEquals(LoupeException.Kind.UNAVAILABLE, error.kind());
        assertTrue(error.getMessage().startsWith("MCP server 'ghost' (stdio: /nonexistent/loupe-no-such-server) did not start"),
                error.getMessage());
        assertFalse(error.getMessage().contains("\n"), error.getMessage());
    }

    @Test
    void an_optional_server_that_does_not_start_leaves_the_graph_without_its_tools() {
        String ghost = "  phantom:\n    stdio: {command: /nonexistent/loupe-no-such-server}\n    optional: true\n";
        try (Loupe loupe = McpGraphs.loupe(McpGraphs.forensic(List.of("metadata", "phantom__anything"), Map.of(), ghost))) {
            AnalysisResult result = loupe.analyze(image);
            assertEquals(List.of("metadata"), result.toolDetails().stream().map(d -> d.tool()).toList());
            assertNotNull(result.output().get("verdict"));
        }
    }
}
