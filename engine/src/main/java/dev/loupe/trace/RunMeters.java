package dev.loupe.trace;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.Objects;

/**
 * The meters of every run, in a Micrometer registry (the host's, or Loupe's own): runs by graph and
 * outcome, tool calls by tool and status, and per model call its tokens and duration, with the GenAI
 * conventions' names and bucket boundaries. A meter's tag keys are the same on every sample (registries
 * such as Prometheus's refuse a name whose keys vary), so a sample that has no error says
 * {@code error.type=none}.
 */
final class RunMeters {

    /** The value of a tag that has none: {@code error.type} of a run or model call that did not fail, say. */
    static final String NONE = "none";

    private static final double[] TOKEN_BUCKETS = {1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144,
            1048576, 4194304, 16777216, 67108864};
    private static final Duration[] SECOND_BUCKETS = seconds(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12,
            10.24, 20.48, 40.96, 81.92);

    private final MeterRegistry registry;

    RunMeters(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry);
    }

    MeterRegistry registry() {
        return registry;
    }

    /** A run of {@code graph} ended: done when {@code errorType} is null, else failed with that kind. */
    void run(String graph, String errorType) {
        Counter.builder(GenAi.RUNS_METRIC).description("Runs of a graph, by outcome")
                .tags(GenAi.GRAPH.getKey(), graph, GenAi.ERROR_TYPE.getKey(), orNone(errorType))
                .register(registry).increment();
    }

    /** A call of {@code tool} ended with {@code status} ({@code ok}, {@code error} …). */
    void toolCall(String tool, String status) {
        Counter.builder(GenAi.TOOL_CALLS_METRIC).description("Tool calls, by tool and status")
                .tags(GenAi.TOOL_NAME.getKey(), orNone(tool), GenAi.TOOL_STATUS.getKey(), orNone(status))
                .register(registry).increment();
    }

    /** A model call's tokens ({@code tokenType} {@code input} or {@code output}). */
    void tokens(Tags model, String tokenType, long count) {
        DistributionSummary.builder(GenAi.TOKEN_USAGE_METRIC).description("Tokens used per model call, by gen_ai.token.type")
                .serviceLevelObjectives(TOKEN_BUCKETS)
                .tags(model.and(GenAi.TOKEN_TYPE.getKey(), tokenType))
                .register(registry).record(count);
    }

    /** A model call's duration; {@code errorType} null when it answered. */
    void modelCall(Tags model, String errorType, long nanos) {
        Timer.builder(GenAi.OPERATION_DURATION_METRIC).description("Seconds per model call")
                .serviceLevelObjectives(SECOND_BUCKETS)
                .tags(model.and(GenAi.ERROR_TYPE.getKey(), orNone(errorType)))
                .register(registry).record(Duration.ofNanos(nanos));
    }

    /** The tags of a model call, as {@link #tokens} and {@link #modelCall} take them. */
    static Tags model(String provider, String requestModel, String responseModel) {
        return Tags.of(GenAi.OPERATION_NAME.getKey(), GenAi.CHAT, GenAi.PROVIDER_NAME.getKey(), orNone(provider),
                GenAi.REQUEST_MODEL.getKey(), orNone(requestModel), GenAi.RESPONSE_MODEL.getKey(), orNone(responseModel));
    }

    private static String orNone(String value) {
        return value == null || value.isBlank() ? NONE : value;
    }

    private static Duration[] seconds(double... values) {
        Duration[] durations = new Duration[values.length];
        for (int i = 0; i < values.length; i++) {
            durations[i] = Duration.ofNanos(Math.round(values[i] * 1e9));
        }
        return durations;
    }
}
