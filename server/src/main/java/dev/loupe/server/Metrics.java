package dev.loupe.server;

import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.ToolDetail;
import dev.loupe.model.Tokens;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * The server's meters, in a Micrometer {@link PrometheusMeterRegistry} whose scrape is {@code /metrics}:
 * requests by route, method and status; request latency histograms by route; analyses by verdict;
 * failed analyses by status; tool errors by tool; tokens by direction; analyses in flight; request
 * bodies being received. The same registry may hold the runs' own meters (the Loupe instances built
 * with it) and the host's.
 *
 * <p>Tag values come from a closed set (route templates, not raw paths; verdicts; tool names of
 * the loaded graphs), so a client cannot grow the series without bound.
 */
final class Metrics {

    /** Upper bounds of the latency histogram: a 304 answer takes milliseconds, a 12 MP analysis seconds, a model call minutes. */
    static final Duration[] BUCKETS = durations(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120);

    private final PrometheusMeterRegistry registry;

    Metrics(PrometheusMeterRegistry registry, IntSupplier inFlight, IntSupplier receiving) {
        this.registry = registry;
        Gauge.builder("loupe.analyses.in_flight", inFlight, IntSupplier::getAsInt).description("Analyses running now.")
                .strongReference(true).register(registry);
        Gauge.builder("loupe.uploads.receiving", receiving, IntSupplier::getAsInt)
                .description("Request bodies being received now, apart from the analyses.").strongReference(true).register(registry);
    }

    void request(String route, String method, int status, double seconds) {
        Counter.builder("loupe.http.requests").description("HTTP requests by route template, method and status.")
                .tags("route", route, "method", method, "status", String.valueOf(status)).register(registry).increment();
        Timer.builder("loupe.http.request.duration").description("HTTP request latency by route template.")
                .serviceLevelObjectives(BUCKETS).tags("route", route).register(registry)
                .record(Duration.ofNanos(Math.round(seconds * 1e9)));
    }

    void analysis(AnalysisResult result) {
        count("loupe.analyses", "Finished analyses by verdict.", "verdict", result.label() == null ? "none" : result.label());
        for (ToolDetail detail : result.toolDetails()) {
            if (detail.failed()) {
                count("loupe.tool.errors", "Tool calls that ended with status error, by tool.", "tool", detail.tool());
            }
        }
        Tokens total = result.tokenUsage().total();
        for (String direction : List.of("input", "output")) {
            long n = direction.equals("input") ? total.input() : total.output();
            if (n > 0) {
                Counter.builder("loupe.tokens").description("Model tokens used by finished analyses, by direction.")
                        .tags("direction", direction).register(registry).increment(n);
            }
        }
    }

    void failure(int status) {
        count("loupe.analysis.failures", "Analyses that ended in an error, by HTTP status.", "status", String.valueOf(status));
    }

    /** Everything in the registry, in the Prometheus text exposition format (version 0.0.4). */
    String scrape() {
        return registry.scrape();
    }

    private void count(String name, String description, String tag, String value) {
        Counter.builder(name).description(description).tags(tag, value).register(registry).increment();
    }

    private static Duration[] durations(double... seconds) {
        Duration[] durations = new Duration[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            durations[i] = Duration.ofNanos(Math.round(seconds[i] * 1e9));
        }
        return durations;
    }
}
