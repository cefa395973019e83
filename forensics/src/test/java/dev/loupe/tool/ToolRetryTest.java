package dev.loupe.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.graph.GraphSpec;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.image.LoadedImage;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToolRetryTest {

    private static final LoadedImage IMAGE = TestImages.resource(TestImages.OREGON_SMALL);
    private static final RetryPolicies NO_WAIT = new RetryPolicies(new RetryPolicy(2, Duration.ZERO, Duration.ZERO), Map.of());

    /** Fails with a retryable error {@code failures} times, then answers. */
    static final class FlakyTool implements Tool {
        final AtomicInteger calls = new AtomicInteger();
        private final int failures;
        private final boolean retryable;

        FlakyTool(int failures, boolean retryable) {
            this.failures = failures;
            this.retryable = retryable;
        }

        @Override
        public ToolDefinition definition() {
            return ToolDefinition.builder("flaky", "1").description("fails, then works")
                    .arguments("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}},\"additionalProperties\":false}").build();
        }

        @Override
        public ToolResult run(ToolContext context, JsonNode arguments) throws Exception {
            int call = calls.incrementAndGet();
            if (call <= failures) {
                if (retryable) {
                    throw new RetryableToolException("connection reset (call " + call + ")");
                }
                throw new IllegalStateException("a bug (call " + call + ")");
            }
            return ToolResult.ok(JsonNodeFactory.instance.objectNode().put("call", call), List.of());
        }
    }

    private static ToolOutcome run(Tool tool, RetryPolicies policies, String arguments) {
        try (ToolExecutor executor = new ToolExecutor(ToolRegistry.of(List.of(tool)), Duration.ofSeconds(10), 1, policies)) {
            return executor.runAll(ToolContext.of(IMAGE), List.of(new ToolCall("c1", tool.name(), arguments))).get(0);
        }
    }

    @Test
    void a_tool_failing_twice_then_succeeding_gives_one_success_with_three_attempts_recorded() {
        FlakyTool tool = new FlakyTool(2, true);
        ToolOutcome outcome = run(tool, NO_WAIT, "{}");
        assertEquals(ToolStatus.OK, outcome.result().status());
        assertEquals(3, outcome.result().data().get("call").asInt());
        assertEquals(List.of("error", "error", "ok"), outcome.attempts().stream().map(ToolAttempt::status).toList());
        assertEquals("flaky failed: connection reset (call 1)", outcome.attempts().get(0).error());
        assertNull(outcome.attempts().get(2).error());
    }

    @Test
    void an_analysis_records_every_attempt_of_a_retried_call_in_tool_details() {
        FlakyTool tool = new FlakyTool(2, true);
        GraphSpec spec = GraphOverrides.none().tools(List.of("flaky")).applyTo(GraphSpecParser.load(GraphFiles.bundled(), "forensic"));
        try (Loupe loupe = Loupe.builder().graph(spec).tools(ToolRegistry.of(List.of(tool))).build()) {
            AnalysisResult result = loupe.analyze(IMAGE, AnalysisOptions.defaults());
            Map<String, Object> detail = result.toolDetails().get(0).toMap();
            assertEquals("ok", detail.get("status"));
            List<?> attempts = (List<?>) detail.get("attempts");
            assertEquals(3, attempts.size(), detail.toString());
            assertEquals(Map.of("attempt", 2, "status", "error", "error", "flaky failed: connection reset (call 2)"),
                    withoutSeconds(attempts.get(1)));
            assertEquals("ok", ((Map<?, ?>) attempts.get(2)).get("status"));
        }
    }

    private static Map<?, ?> withoutSeconds(Object attempt) {
        Map<Object, Object> copy = new java.util.HashMap<>((Map<?, ?>) attempt);
        copy.remove("seconds");
        return copy;
    }

    @Test
    void retries_stop_at_the_policy_limit_and_the_last_error_is_the_result() {
        FlakyTool tool = new FlakyTool(5, true);
        ToolOutcome outcome = run(tool, NO_WAIT, "{}");
        assertEquals(ToolStatus.ERROR, outcome.result().status());
        assertEquals(3, tool.calls.get());
        assertEquals("flaky failed: connection reset (call 3)", outcome.result().error());
    }

    @Test
    void a_failure_the_tool_does_not_mark_retryable_is_answered_at_once() {
        FlakyTool tool = new FlakyTool(1, false);
        ToolOutcome outcome = run(tool, NO_WAIT, "{}");
        assertEquals(ToolStatus.ERROR, outcome.result().status());
        assertEquals(1, tool.calls.get());
        assertTrue(outcome.attempts().isEmpty());
    }

    @Test
    void bad_arguments_are_never_retried() {
        FlakyTool tool = new FlakyTool(0, true);
        ToolOutcome outcome = run(tool, NO_WAIT, "{\"n\":\"seven\"}");
        assertEquals(ToolStatus.ERROR, outcome.result().status());
        assertTrue(outcome.result().error().startsWith("invalid arguments for flaky"), outcome.result().error());
        assertEquals(0, tool.calls.get());
    }

    @Test
    void a_tool_with_its_own_policy_of_no_retries_is_tried_once() {
        FlakyTool tool = new FlakyTool(1, true);
        RetryPolicies policies = new RetryPolicies(RetryPolicy.DEFAULT, Map.of("flaky", new RetryPolicy(0, Duration.ZERO, Duration.ZERO)));
        ToolOutcome outcome = run(tool, policies, "{}");
        assertEquals(ToolStatus.ERROR, outcome.result().status());
        assertEquals(1, tool.calls.get());
    }

    @Test
    void the_backoff_is_jittered_below_a_doubling_bound() {
        RetryPolicy policy = new RetryPolicy(3, Duration.ofMillis(100), Duration.ofMillis(300));
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 200; i++) {
            assertTrue(policy.delayBefore(2, random).toMillis() <= 100);
            assertTrue(policy.delayBefore(3, random).toMillis() <= 200);
            assertTrue(policy.delayBefore(4, random).toMillis() <= 300);
        }
        long distinct = java.util.stream.IntStream.range(0, 50).mapToLong(i -> policy.delayBefore(3, random).toMillis()).distinct().count();
        assertTrue(distinct > 10, "waits are spread, not all equal: " + distinct);
    }
}
