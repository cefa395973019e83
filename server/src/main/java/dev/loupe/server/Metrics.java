package dev.loupe.server;

import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.ToolDetail;
import dev.loupe.model.Tokens;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;

/**
 * The server's counters, written in the Prometheus text exposition format (version 0.0.4) by hand:
 * requests by route, method and status; request latency histograms by route; analyses by verdict;
 * failed analyses by kind; tool errors by tool; tokens by direction; analyses in flight; request bodies
 * being received.
 *
 * <p>Label values come from a closed set (route templates, not raw paths; verdicts; tool names of
 * the loaded graphs), so a client cannot grow the series without bound.
 */
final class Metrics {

    /** Upper bounds in seconds: a 304 answer takes milliseconds, a 12 MP analysis seconds, a model call minutes. */
    static final double[] BUCKETS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120};

    private final Map<String, LongAdder> requests = new ConcurrentSkipListMap<>();
    private final Map<String, Histogram> latency = new ConcurrentSkipListMap<>();
    private final Map<String, LongAdder> verdicts = new ConcurrentSkipListMap<>();
    private final Map<String, LongAdder> failures = new ConcurrentSkipListMap<>();
    private final Map<String, LongAdder> toolErrors = new ConcurrentSkipListMap<>();
    private final Map<String, LongAdder> tokens = new ConcurrentSkipListMap<>();
    private final IntSupplier inFlight;
    private final IntSupplier receiving;

    Metrics(IntSupplier inFlight, IntSupplier receiving) {
        this.inFlight = inFlight;
        this.receiving = receiving;
    }

    void request(String route, String method, int status, double seconds) {
        count(requests, "route=\"" + escape(route) + "\",method=\"" + method + "\",status=\"" + status + "\"");
        latency.computeIfAbsent("route=\"" + escape(route) + "\"", key -> new Histogram()).observe(seconds);
    }

    void analysis(AnalysisResult result) {
        count(verdicts, "verdict=\"" + escape(result.label() == null ? "none" : result.label()) + "\"");
        for (ToolDetail detail : result.toolDetails()) {
            if (detail.failed()) {
                count(toolErrors, "tool=\"" + escape(detail.tool()) + "\"");
            }
        }
        Tokens total = result.tokenUsage().total();
        for (String direction : List.of("input", "output")) {
            long n = direction.equals("input") ? total.input() : total.output();
            if (n > 0) {
                tokens.computeIfAbsent("direction=\"" + direction + "\"", key -> new LongAdder()).add(n);
            }
        }
    }

    void failure(int status) {
        count(failures, "status=\"" + status + "\"");
    }

    /** Everything, in the exposition format. */
    String scrape() {
        StringBuilder out = new StringBuilder(4096);
        counter(out, "loupe_http_requests_total", "HTTP requests by route template, method and status.", requests);
        out.append("# HELP loupe_http_request_duration_seconds HTTP request latency by route template.\n")
                .append("# TYPE loupe_http_request_duration_seconds histogram\n");
        latency.forEach((labels, histogram) -> histogram.write(out, "loupe_http_request_duration_seconds", labels));
        counter(out, "loupe_analyses_total", "Finished analyses by verdict.", verdicts);
        counter(out, "loupe_analysis_failures_total", "Analyses that ended in an error, by HTTP status.", failures);
        counter(out, "loupe_tool_errors_total", "Tool calls that ended with status error, by tool.", toolErrors);
        counter(out, "loupe_tokens_total", "Model tokens used by finished analyses, by direction.", tokens);
        out.append("# HELP loupe_analyses_in_flight Analyses running now.\n")
                .append("# TYPE loupe_analyses_in_flight gauge\n")
                .append("loupe_analyses_in_flight ").append(inFlight.getAsInt()).append('\n');
        out.append("# HELP loupe_uploads_receiving Request bodies being received now, apart from the analyses.\n")
                .append("# TYPE loupe_uploads_receiving gauge\n")
                .append("loupe_uploads_receiving ").append(receiving.getAsInt()).append('\n');
        return out.toString();
    }

    private static void count(Map<String, LongAdder> series, String labels) {
        series.computeIfAbsent(labels, key -> new LongAdder()).increment();
    }

    private static void counter(StringBuilder out, String name, String help, Map<String, LongAdder> series) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n')
                .append("# TYPE ").append(name).append(" counter\n");
        series.forEach((labels, value) -> out.append(name).append('{').append(labels).append("} ")
                .append(value.sum()).append('\n'));
    }

    /** Label values escaped as the exposition format wants: backslash, quote, line feed. */
    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    /** A cumulative histogram over {@link #BUCKETS}. */
    private static final class Histogram {
        private final LongAdder[] counts = new LongAdder[BUCKETS.length];
        private final LongAdder count = new LongAdder();
        private final DoubleAdder sum = new DoubleAdder();

        Histogram() {
            for (int i = 0; i < counts.length; i++) {
                counts[i] = new LongAdder();
            }
        }

        void observe(double seconds) {
            for (int i = 0; i < BUCKETS.length; i++) {
                if (seconds <= BUCKETS[i]) {
                    counts[i].increment();
                    break;
                }
            }
            count.increment();
            sum.add(seconds);
        }

        void write(StringBuilder out, String name, String labels) {
            long cumulative = 0;
            for (int i = 0; i < BUCKETS.length; i++) {
                cumulative += counts[i].sum();
                out.append(name).append("_bucket{").append(labels).append(",le=\"")
                        .append(String.format(Locale.ROOT, "%s", BUCKETS[i])).append("\"} ").append(cumulative).append('\n');
            }
            out.append(name).append("_bucket{").append(labels).append(",le=\"+Inf\"} ").append(count.sum()).append('\n');
            out.append(name).append("_sum{").append(labels).append("} ").append(sum.sum()).append('\n');
            out.append(name).append("_count{").append(labels).append("} ").append(count.sum()).append('\n');
        }
    }
}
