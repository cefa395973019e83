package dev.loupe.trace;

import dev.loupe.core.LoupeVersion;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;

/**
 * Where a run's observations go: its spans to an OpenTelemetry tracer (with the API's no-op, when no
 * SDK is installed, a span costs next to nothing) and its meters to a Micrometer registry ({@link RunMeters}).
 */
public final class Telemetry {

    static final String SCOPE = "dev.loupe";

    final Tracer tracer;
    final RunMeters meters;

    private Telemetry(OpenTelemetry openTelemetry, MeterRegistry registry) {
        this.tracer = openTelemetry.getTracer(SCOPE, LoupeVersion.get());
        this.meters = new RunMeters(registry);
    }

    /** Spans through {@code openTelemetry} (an application's SDK, say), meters into {@code registry}. */
    public static Telemetry of(OpenTelemetry openTelemetry, MeterRegistry registry) {
        return new Telemetry(openTelemetry, registry);
    }

    /**
     * Spans through the process's global OpenTelemetry as it is now: a no-op unless an SDK was installed
     * there first. Never sets it, so an application may still install its own later (for the Loupe
     * instances it builds after that). Meters into {@code registry}.
     */
    public static Telemetry global(MeterRegistry registry) {
        return of(GlobalOpenTelemetry.getOrNoop(), registry);
    }

    /** Nothing at all: no spans, and meters in a registry that keeps none. */
    public static Telemetry noop() {
        return of(OpenTelemetry.noop(), new CompositeMeterRegistry());
    }

    /** The registry the meters go to. */
    public MeterRegistry meterRegistry() {
        return meters.registry();
    }
}
