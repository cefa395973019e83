package dev.loupe.trace;

import dev.loupe.core.LoupeVersion;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Tracer;

import java.util.List;

/**
 * Loupe's tracer and instruments, made once per {@link OpenTelemetry}: with the API's no-op (no SDK
 * installed) every span and measurement costs next to nothing. The histograms use the bucket
 * boundaries the GenAI conventions advise.
 */
public final class Telemetry {

    static final String SCOPE = "dev.loupe";
    private static final List<Long> TOKEN_BUCKETS = List.of(1L, 4L, 16L, 64L, 256L, 1024L, 4096L, 16384L, 65536L, 262144L,
            1048576L, 4194304L, 16777216L, 67108864L);
    private static final List<Double> SECOND_BUCKETS = List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12,
            10.24, 20.48, 40.96, 81.92);

    final Tracer tracer;
    final LongHistogram tokenUsage;
    final DoubleHistogram operationDuration;
    final LongCounter toolCalls;
    final LongCounter runs;

    private Telemetry(OpenTelemetry openTelemetry) {
        String version = LoupeVersion.get();
        this.tracer = openTelemetry.getTracer(SCOPE, version);
        Meter meter = openTelemetry.getMeterProvider().meterBuilder(SCOPE).setInstrumentationVersion(version).build();
        this.tokenUsage = meter.histogramBuilder(GenAi.TOKEN_USAGE_METRIC).ofLongs().setUnit("{token}")
                .setDescription("Tokens used per model call, by gen_ai.token.type")
                .setExplicitBucketBoundariesAdvice(TOKEN_BUCKETS).build();
        this.operationDuration = meter.histogramBuilder(GenAi.OPERATION_DURATION_METRIC).setUnit("s")
                .setDescription("Seconds per model call").setExplicitBucketBoundariesAdvice(SECOND_BUCKETS).build();
        this.toolCalls = meter.counterBuilder(GenAi.TOOL_CALLS_METRIC).setUnit("{call}")
                .setDescription("Tool calls, by tool and status").build();
        this.runs = meter.counterBuilder(GenAi.RUNS_METRIC).setUnit("{run}").setDescription("Runs of a graph, by outcome").build();
    }

    /** Spans and metrics through {@code openTelemetry} (an application's SDK, say). */
    public static Telemetry of(OpenTelemetry openTelemetry) {
        return new Telemetry(openTelemetry);
    }

    /**
     * Spans and metrics through the process's global OpenTelemetry as it is now: a no-op unless an SDK
     * was installed there first. Never sets it, so an application may still install its own later
     * (for the Loupe instances it builds after that).
     */
    public static Telemetry global() {
        return of(GlobalOpenTelemetry.getOrNoop());
    }

    /** Nothing at all. */
    public static Telemetry noop() {
        return of(OpenTelemetry.noop());
    }
}
