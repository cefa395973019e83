package dev.loupe.server;

import dev.loupe.Loupe;
import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.hawkular.agent.prometheus.types.Metric;
import org.hawkular.agent.prometheus.types.MetricType;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One registry for the host, the Loupe and the server: {@code /metrics} scrapes the runs' meters with the server's and the host's. */
class ServerRunMetersTest {

    @Test
    void a_registry_shared_with_the_loupe_scrapes_its_runs_tool_calls_and_the_hosts_own_meters() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Counter hosts = Counter.builder("host.jobs").register(registry);
        hosts.increment(3);
        try (Loupe loupe = Loupe.builder().graph("forensic").meterRegistry(registry).build();
             LoupeServer server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(1, 1), List.of(loupe), false, registry)) {
            ServerClient client = new ServerClient(server, null);
            assertEquals(200, client.upload("", "marked.png", ServerImages.aiMarked(70, 50)).statusCode());

            HttpResponse<String> response = client.get("/metrics");

            assertEquals(200, response.statusCode());
            Scrape metrics = Scrape.parse(response.body());
            assertEquals(MetricType.COUNTER, metrics.type("loupe_runs_total"));
            assertEquals(1, metrics.valueOf("loupe_runs_total", Map.of("loupe_graph", "forensic", "error_type", "none")));
            List<Metric> toolCalls = metrics.samples("loupe_tool_calls_total");
            assertFalse(toolCalls.isEmpty(), metrics.toString());
            for (Metric sample : toolCalls) {
                String tool = sample.getLabels().get("gen_ai_tool_name");
                double recorded = registry.get("loupe.tool.calls").tag("gen_ai.tool.name", tool)
                        .tag("loupe.tool.status", sample.getLabels().get("loupe_tool_status")).counter().count();
                assertEquals(recorded, metrics.valueOf("loupe_tool_calls_total", sample.getLabels()), tool);
                assertTrue(loupe.graph().spec().tools().names().contains(tool), tool);
            }
            assertEquals(MetricType.HISTOGRAM, metrics.type("gen_ai_client_operation_duration_seconds"));
            assertEquals(1, metrics.valueOf("loupe_analyses_total", Map.of("verdict", "fake")));
            assertEquals(3, metrics.valueOf("host_jobs_total", Map.of()));
        }
    }
}
