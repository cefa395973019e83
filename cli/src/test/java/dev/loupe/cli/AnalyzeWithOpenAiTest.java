package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe analyze} in-process against a stub OpenAI-compatible server (test graph {@code stubbed}: no tools). */
class AnalyzeWithOpenAiTest {

    private static final String KEY = "sk-cli-secret-0e4f19b2";
    private static final String HEADER_SECRET = "cli-header-secret-9d2";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();
    private String image;

    @BeforeEach
    void start() throws Exception {
        image = TestImages.drawn(dir, "scene.png", "png", 64, 48).toString();
    }

    private static String closedPortUrl() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
        }
    }

    @Test
    void runs_vision_agent_and_structuring_on_the_named_model_and_prints_the_verdict() throws Exception {
        stub.enqueue(OpenAiStub.text("A drawn scene.", 900, 60));
        stub.enqueue(OpenAiStub.text("```json\n{\"verdict\":\"authentic\",\"confidence\":0.8,\"category\":\"camera original\","
                + "\"rationale\":\"consistent\"}\n```", 700, 80));

        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", KEY), "analyze", image, "--graph", "stubbed", "--json",
                "--model", "gpt-4o-mini", "--base-url", stub.baseUrl());

        assertEquals(0, run.exitCode(), run.err());
        JsonNode result = JSON.readTree(run.out());
        assertEquals("real", result.path("verdict").asText());
        assertEquals("camera_original", result.path("category").asText());
        assertEquals(1740, result.path("token_usage").path("total").path("total").asLong());
        // gpt-4o-mini from the bundled price table: 0.15 and 0.60 USD per million tokens.
        assertEquals((1600 * 0.15 + 140 * 0.60) / 1e6, result.path("cost_usd").path("total").asDouble(), 1e-9);
        assertEquals("gpt-4o-mini", stub.requests().get(0).body().path("model").asText());
    }

    @Test
    void a_server_that_is_down_exits_3_with_one_line_and_no_stack_trace() throws Exception {
        String nowhere = closedPortUrl();

        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", KEY), "analyze", image, "--graph", "stubbed", "--model", "m1",
                "--base-url", nowhere, "--max-attempts", "2", "--retry-delay", "10");

        assertEquals(3, run.exitCode());
        assertEquals("loupe: model m1 at " + nowhere + " is unavailable after 2 attempts (connection refused by "
                + nowhere.substring("http://".length(), nowhere.length() - "/v1".length()) + ")" + System.lineSeparator(), run.err());
        assertEquals("", run.out());
    }

    @Test
    void server_errors_until_the_attempts_run_out_exit_3() {
        stub.otherwise(body -> OpenAiStub.error(502, "bad gateway"));

        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", KEY), "analyze", image, "--graph", "stubbed", "--model", "m1",
                "--base-url", stub.baseUrl(), "--max-attempts", "3", "--retry-delay", "10");

        assertEquals(3, run.exitCode());
        assertEquals(3, stub.requests().size());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("unavailable after 3 attempts (HTTP 502)"), run.err());
    }

    @Test
    void with_fallback_offline_a_server_that_is_down_still_gives_a_result_flagged_fallback_used() throws Exception {
        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", KEY), "analyze", image, "--graph", "stubbed", "--json", "--model", "m1",
                "--base-url", closedPortUrl(), "--max-attempts", "1", "--fallback", "offline");

        assertEquals(0, run.exitCode(), run.err());
        JsonNode result = JSON.readTree(run.out());
        assertTrue(result.path("fallback_used").asBoolean());
        assertEquals("offline", result.path("models").path("vision").asText());
    }

    @Test
    void the_key_and_header_values_appear_nowhere_in_the_output_even_with_request_logging() {
        stub.enqueue(OpenAiStub.error(500, "your key " + KEY + " and " + HEADER_SECRET));
        stub.enqueue(OpenAiStub.text("A drawn scene.", 900, 60));
        stub.enqueue(OpenAiStub.text("```json\n{\"verdict\":\"fake\",\"confidence\":0.6,\"category\":\"edited\",\"rationale\":\"x\"}\n```", 700, 80));
        CliRun good = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", KEY), "analyze", image, "--graph", "stubbed", "--json", "--log-requests",
                "--model", "m1", "--base-url", stub.baseUrl(), "--retry-delay", "10", "--header", "X-Secret: " + HEADER_SECRET);
        stub.otherwise(body -> OpenAiStub.error(401, "Incorrect API key provided: " + KEY));
        CliRun bad = CliRun.withEnvironment(Map.of("LOUPE_API_KEY", KEY), "analyze", image, "--graph", "stubbed", "--log-requests",
                "--model", "m1", "--base-url", stub.baseUrl(), "--header", "X-Secret: " + HEADER_SECRET);

        assertEquals(0, good.exitCode(), good.err());
        assertEquals(3, bad.exitCode(), bad.err());
        assertTrue(good.err().contains("loupe http request: POST"), "the request log is on");
        assertTrue(stub.requests().stream().allMatch(r -> r.headers().get("X-secret").equals(java.util.List.of(HEADER_SECRET))));
        for (String printed : new String[]{good.out(), good.err(), bad.out(), bad.err()}) {
            assertFalse(printed.contains(KEY), printed);
            assertFalse(printed.contains(HEADER_SECRET), printed);
        }
    }

    @Test
    void a_malformed_header_flag_is_bad_input_without_echoing_its_value() {
        CliRun run = CliRun.withEnvironment(Map.of(), "analyze", image, "--graph", "stubbed", "--model", "m1", "--header", "token-without-name");

        assertEquals(2, run.exitCode());
        assertEquals("loupe: --header must look like 'Name: value'" + System.lineSeparator(), run.err());
    }
}
