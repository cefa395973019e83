package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.hawkular.agent.prometheus.types.Histogram;
import org.hawkular.agent.prometheus.types.MetricType;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Server-Sent Events per node, in order, ending with the result; and {@code /metrics} counting
 * exactly the requests this class made (it has a server of its own).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServerEventsAndMetricsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension
    static final ServedForensic served = new ServedForensic(ServerConfig.defaults().withPool(2, 2));

    /** One server-sent event: its name and its JSON data. */
    record Event(String name, JsonNode data) {
    }

    @Test
    @Order(1)
    void a_streamed_analysis_sends_node_events_in_order_and_ends_with_the_result() throws Exception {
        HttpResponse<String> response = served.client().upload("?stream=true", "marked.png", ServerImages.aiMarked(80, 60));

        assertEquals(200, response.statusCode());
        assertEquals("text/event-stream", response.headers().firstValue("Content-Type").orElse("").split(";")[0]);
        List<Event> events = parse(response.body());
        List<String> names = events.stream().map(Event::name).toList();
        assertEquals(List.of("node_start", "node_end"), names.subList(0, 2));
        assertEquals("vision", events.get(0).data().path("node").asText());
        assertEquals(List.of("node_start", "node_end", "final"), names.subList(names.size() - 3, names.size()));
        assertEquals("structuring", events.get(names.size() - 3).data().path("node").asText());
        long calls = names.stream().filter("tool_call"::equals).count();
        long results = names.stream().filter("tool_result"::equals).count();
        assertTrue(calls > 0, names.toString());
        assertEquals(calls, results, names.toString());
        assertTrue(names.indexOf("tool_call") < names.indexOf("tool_result"), names.toString());
        JsonNode result = events.get(names.size() - 1).data().path("result");
        assertEquals("fake", result.path("verdict").asText());
        assertEquals("marked.png", result.path("image").path("name").asText());
    }

    @Test
    @Order(2)
    void a_streamed_analysis_of_a_bad_image_is_a_plain_400_problem_not_a_stream() throws Exception {
        HttpResponse<String> response = served.client().upload("?stream=true", "empty.png", new byte[0]);

        assertEquals(400, response.statusCode());
        assertEquals("empty.png: the file is empty", LoupeServerTest.problem(response).path("detail").asText());
    }

    @Test
    @Order(3)
    void metrics_count_the_requests_analyses_and_verdicts_made_so_far() throws Exception {
        assertEquals(200, served.client().upload("", "marked.png", ServerImages.aiMarked(70, 50)).statusCode());
        assertEquals(404, served.client().get("/v1/threads-typo").statusCode());
        assertEquals(404, served.client().upload("?graph=nonesuch", "marked.png", ServerImages.aiMarked(70, 50)).statusCode());

        HttpResponse<String> response = served.client().get("/metrics");

        assertEquals(200, response.statusCode());
        assertEquals("text/plain", response.headers().firstValue("Content-Type").orElse("").split(";")[0]);
        Scrape metrics = Scrape.parse(response.body());
        String requests = "loupe_http_requests_total";
        assertEquals(MetricType.COUNTER, metrics.type(requests));
        assertEquals(2, metrics.valueOf(requests, Map.of("route", "/v1/analyze", "method", "POST", "status", "200")));
        assertEquals(1, metrics.valueOf(requests, Map.of("route", "/v1/analyze", "method", "POST", "status", "400")));
        assertEquals(1, metrics.valueOf(requests, Map.of("route", "unmatched", "method", "GET", "status", "404")));
        assertEquals(1, metrics.valueOf(requests, Map.of("route", "/v1/analyze", "method", "POST", "status", "404")));
        assertEquals(MetricType.HISTOGRAM, metrics.type("loupe_http_request_duration_seconds"));
        Histogram latency = metrics.histogram("loupe_http_request_duration_seconds", Map.of("route", "/v1/analyze"));
        assertEquals(4, latency.getSampleCount());
        Histogram.Bucket last = latency.getBuckets().get(latency.getBuckets().size() - 1);
        assertEquals(Double.POSITIVE_INFINITY, last.getUpperBound());
        assertEquals(4, last.getCumulativeCount());
        assertEquals(Metrics.BUCKETS.length + 1, latency.getBuckets().size(), "the bounds and +Inf");
        assertEquals(2, metrics.valueOf("loupe_analyses_total", Map.of("verdict", "fake")));
        assertEquals(1, metrics.valueOf("loupe_analysis_failures_total", Map.of("status", "400")));
        assertEquals(MetricType.GAUGE, metrics.type("loupe_analyses_in_flight"));
        assertEquals(0, metrics.valueOf("loupe_analyses_in_flight", Map.of()));
        assertEquals(0, metrics.valueOf("loupe_uploads_receiving", Map.of()));
        assertTrue(metrics.samples("loupe_tool_errors_total").isEmpty(), metrics.toString());
    }

    static List<Event> parse(String body) throws Exception {
        List<Event> events = new ArrayList<>();
        for (String block : body.split("\n\n")) {
            String name = null;
            String data = null;
            for (String line : block.split("\n")) {
                if (line.startsWith("event: ")) {
                    name = line.substring("event: ".length());
                } else if (line.startsWith("data: ")) {
                    data = line.substring("data: ".length());
                }
            }
            if (name != null) {
                events.add(new Event(name, JSON.readTree(data.getBytes(StandardCharsets.UTF_8))));
            }
        }
        return events;
    }
}
