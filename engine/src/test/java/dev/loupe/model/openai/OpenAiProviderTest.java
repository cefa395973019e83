package dev.loupe.model.openai;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.loupe.core.LoupeException;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.testing.OpenAiStub;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The openai provider's real langchain4j client against a loopback stub: the wire, retries, errors, logs. */
class OpenAiProviderTest {

    static final String KEY = "sk-provider-test-key-8c1e55";
    static final String TEAM_TOKEN = "team-token-5a7d2b";

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();
    private final List<String> log = new ArrayList<>();

    private ChatModel model(String baseUrl, int maxAttempts, Duration timeout) {
        ModelSpec spec = new ModelSpec("openai", "gpt-test", baseUrl, 0.2, null, timeout, maxAttempts,
                Map.of("X-Team-Token", TEAM_TOKEN), null);
        return new OpenAiProvider(Map.of("OPENAI_API_KEY", KEY), log::add, Duration.ofMillis(10))
                .chatModel(spec, NodeRole.AGENT, Map.of());
    }

    private ChatModel model(int maxAttempts) {
        return model(stub.baseUrl(), maxAttempts, Duration.ofSeconds(5));
    }

    private static String ask(ChatModel model) {
        return model.chat(ChatRequest.builder().messages(List.of(UserMessage.from("hello"))).build()).aiMessage().text();
    }

    @Test
    void sends_the_key_as_a_bearer_token_and_the_custom_headers() {
        stub.enqueue(OpenAiStub.text("hi", 5, 1));

        assertEquals("hi", ask(model(1)));

        OpenAiStub.Recorded request = stub.requests().get(0);
        assertEquals("/v1/chat/completions", request.path());
        assertEquals(List.of("Bearer " + KEY), request.headers().get("Authorization"));
        assertEquals(List.of(TEAM_TOKEN), request.headers().get("X-team-token"));
        assertEquals("gpt-test", request.body().path("model").asText());
        assertEquals(0.2, request.body().path("temperature").asDouble());
    }

    @Test
    void retries_a_rate_limit_after_the_wait_its_retry_after_header_asks_for() {
        stub.enqueue(OpenAiStub.error(429, "slow down").withHeader("Retry-After", "1"));
        stub.enqueue(OpenAiStub.text("answered", 5, 1));

        assertEquals("answered", ask(model(3)));

        List<OpenAiStub.Recorded> requests = stub.requests();
        assertEquals(2, requests.size());
        long waitedMillis = (requests.get(1).receivedNanos() - requests.get(0).receivedNanos()) / 1_000_000;
        assertTrue(waitedMillis >= 1000, "waited " + waitedMillis + " ms, the server asked for 1 s");
    }

    @Test
    void gives_up_on_server_errors_after_the_configured_attempts_with_one_line() {
        stub.otherwise(body -> OpenAiStub.error(503, "overloaded"));

        LoupeException error = assertThrows(LoupeException.class, () -> ask(model(3)));

        assertEquals(LoupeException.Kind.UNAVAILABLE, error.kind());
        assertEquals(3, stub.requests().size());
        assertEquals("model gpt-test at " + stub.baseUrl() + " is unavailable after 3 attempts (HTTP 503)", error.getMessage());
    }

    @Test
    void a_request_that_times_out_is_retried() {
        stub.enqueue(OpenAiStub.text("too late", 5, 1).delayed(2000));
        stub.enqueue(OpenAiStub.text("in time", 5, 1));

        assertEquals("in time", ask(model(stub.baseUrl(), 2, Duration.ofMillis(400))));

        assertEquals(2, stub.requests().size());
    }

    @Test
    @Timeout(60) // a hang guard, not a speed check: before the fix this request never returned
    void a_reply_that_stalls_in_its_body_is_a_timeout_and_is_retried() {
        // Headers and half the body, then nothing: the JDK's request timeout had already ended at the headers.
        stub.enqueue(OpenAiStub.text("stalled", 5, 1).stalled(60_000));
        stub.enqueue(OpenAiStub.text("whole", 5, 1));

        assertEquals("whole", ask(model(stub.baseUrl(), 2, Duration.ofMillis(500))));

        assertEquals(2, stub.requests().size());
    }

    @Test
    void a_reply_cut_off_in_its_body_is_retried() {
        stub.enqueue(OpenAiStub.text("cut off", 5, 1).truncated());
        stub.enqueue(OpenAiStub.text("whole", 5, 1));

        assertEquals("whole", ask(model(stub.baseUrl(), 2, Duration.ofSeconds(5))));

        assertEquals(2, stub.requests().size());
    }

    @Test
    void a_refused_connection_is_unavailable_after_every_attempt() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String nowhere = "http://127.0.0.1:" + port + "/v1";

        LoupeException error = assertThrows(LoupeException.class, () -> ask(model(nowhere, 2, Duration.ofSeconds(2))));

        assertEquals(LoupeException.Kind.UNAVAILABLE, error.kind());
        assertEquals("model gpt-test at " + nowhere + " is unavailable after 2 attempts (connection refused by 127.0.0.1:" + port + ")", error.getMessage());
    }

    @Test
    void refused_credentials_are_not_retried() {
        stub.otherwise(body -> OpenAiStub.error(401, "Incorrect API key provided: " + KEY));

        LoupeException error = assertThrows(LoupeException.class, () -> ask(model(3)));

        assertEquals(1, stub.requests().size());
        assertTrue(error.getMessage().contains("refused the credentials"), error.getMessage());
        assertFalse(error.getMessage().contains(KEY));
    }

    @Test
    void the_request_log_shows_requests_and_responses_but_no_secret() {
        stub.enqueue(OpenAiStub.error(500, "echo " + KEY + " " + TEAM_TOKEN));
        stub.enqueue(OpenAiStub.text("fine", 5, 1));

        ask(model(2));

        String all = String.join("\n", log);
        assertTrue(all.contains("request: POST " + stub.baseUrl() + "/chat/completions"), all);
        assertTrue(all.contains("response: 500") && all.contains("response: 200"), all);
        assertTrue(all.contains("Authorization=[redacted]") && all.contains("X-Team-Token=[redacted]"), all);
        assertFalse(all.contains(KEY), all);
        assertFalse(all.contains(TEAM_TOKEN), all);
    }

    @Test
    void the_endpoint_comes_from_loupe_base_url_and_loupe_api_key_wins_over_openai_api_key() {
        stub.enqueue(OpenAiStub.text("hi", 5, 1));
        ModelSpec spec = new ModelSpec("openai", "gpt-test", null, null, null, Duration.ofSeconds(5), 1, Map.of(), null);
        ChatModel model = new OpenAiProvider(Map.of("LOUPE_BASE_URL", stub.baseUrl(), "LOUPE_API_KEY", "loupe-key-1234",
                "OPENAI_API_KEY", KEY)).chatModel(spec, NodeRole.VISION, Map.of());

        ask(model);

        assertEquals(List.of("Bearer loupe-key-1234"), stub.requests().get(0).headers().get("Authorization"));
    }

    @Test
    void a_model_name_is_required() {
        ModelSpec nameless = ModelSpec.offline().withProvider("openai").withName(null);

        LoupeException error = assertThrows(LoupeException.class,
                () -> new OpenAiProvider(Map.of()).chatModel(nameless, NodeRole.VISION, Map.of()));

        assertEquals(LoupeException.Kind.BAD_INPUT, error.kind());
    }

    static JsonNode lastBody(OpenAiStub stub) {
        List<OpenAiStub.Recorded> requests = stub.requests();
        return requests.get(requests.size() - 1).body();
    }
}
