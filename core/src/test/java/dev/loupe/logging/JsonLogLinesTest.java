package dev.loupe.logging;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.core.LogContext;
import dev.loupe.core.LogFields;
import dev.loupe.core.LogSecrets;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Loupe's SLF4J backend, reached through SLF4J itself as every class in Loupe reaches it. */
class JsonLogLinesTest {

    private final Logger log = LoggerFactory.getLogger("dev.loupe.test.JsonLogLines");

    @Test
    void slf4j_finds_loupes_backend() {
        assertInstanceOf(LoupeLogger.class, log);
    }

    @Test
    void a_line_is_one_json_object_with_the_context_and_the_figures_as_fields() {
        try (CapturedErr err = CapturedErr.json();
             LogContext.Scope request = LogContext.with(LogFields.REQUEST_ID, "req-7");
             LogContext.Scope thread = LogContext.with(LogFields.THREAD_ID, "t-1")) {
            log.atInfo().addKeyValue(LogFields.DURATION_MS, 42L).addKeyValue(LogFields.INPUT_TOKENS, 300L)
                    .log("node {} ran", "agent");
            log.debug("not shown: below info");

            List<JsonNode> lines = err.jsonLines();
            assertEquals(1, lines.size(), err.text());
            JsonNode line = lines.get(0);
            assertEquals("INFO", line.path("level").asText());
            assertEquals("dev.loupe.test.JsonLogLines", line.path("logger").asText());
            assertEquals("node agent ran", line.path("message").asText());
            assertEquals("req-7", line.path("request_id").asText());
            assertEquals("t-1", line.path("thread_id").asText());
            assertEquals(42, line.path("duration_ms").asLong());
            assertTrue(line.path("duration_ms").isNumber());
            assertEquals(300, line.path("input_tokens").asLong());
            assertTrue(line.path("timestamp").asText().matches("\\d{4}-\\d\\d-\\d\\dT.*Z"), line.toString());
        }
    }

    @Test
    void registered_secrets_and_credential_shapes_never_reach_a_line() {
        LogSecrets.register("registered-secret-4471");
        try (CapturedErr err = CapturedErr.json()) {
            log.warn("calling with key registered-secret-4471 and Authorization: Bearer abc.def-123, api_key=hunter22x");
            log.error("failed", new IllegalStateException("the key sk-live-0123456789abcdef was refused"));

            String text = err.text();
            for (String secret : List.of("registered-secret-4471", "abc.def-123", "hunter22x", "sk-live-0123456789abcdef")) {
                assertFalse(text.contains(secret), secret + " in " + text);
            }
            assertEquals(2, err.jsonLines().size(), text);
            assertTrue(err.jsonLines().get(1).path("error").asText().contains("was refused"), text);
            assertTrue(text.contains("Bearer ***"), text);
        }
    }

    @Test
    void context_is_carried_to_the_thread_a_task_is_handed_to_and_restored_after_a_scope() throws Exception {
        try (CapturedErr err = CapturedErr.json()) {
            Thread worker;
            try (LogContext.Scope request = LogContext.with(LogFields.REQUEST_ID, "req-9")) {
                worker = new Thread(LogContext.carried(() -> log.info("on the worker")));
            }
            log.info("outside the scope");
            worker.start();
            worker.join();

            List<JsonNode> lines = err.jsonLines();
            assertTrue(lines.get(0).path("request_id").isMissingNode(), lines.toString());
            assertEquals("req-9", lines.get(1).path("request_id").asText(), lines.toString());
        }
    }

    @Test
    void an_unknown_format_names_the_known_ones() {
        Exception error = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> LogFormat.parse("xml"));
        assertEquals("unknown log format 'xml'; use text or json", error.getMessage());
    }
}
