package dev.loupe.cli;

import com.sun.net.httpserver.HttpServer;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.testing.TestImages;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** OTLP export: when it is switched on, and what a real OTLP/HTTP receiver on loopback gets from a forensic run. */
class OtlpExportTest {

    @TempDir
    Path dir;

    @Test
    void export_is_off_unless_the_flag_or_the_otel_variables_ask_for_it() {
        assertFalse(OtlpExport.wanted(Map.of(), null));
        assertFalse(OtlpExport.wanted(Map.of("OTEL_SERVICE_NAME", "loupe"), null));
        assertFalse(OtlpExport.wanted(Map.of("OTEL_TRACES_EXPORTER", "none", "OTEL_EXPORTER_OTLP_ENDPOINT", "http://h:4318"), null));
        assertFalse(OtlpExport.wanted(Map.of("OTEL_SDK_DISABLED", "true", "OTEL_EXPORTER_OTLP_ENDPOINT", "http://h:4318"), null));
        assertTrue(OtlpExport.wanted(Map.of(), "http://localhost:4318"));
        assertTrue(OtlpExport.wanted(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://h:4318"), null));
        assertTrue(OtlpExport.wanted(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://h:4318/v1/traces"), null));
        assertTrue(OtlpExport.wanted(Map.of("OTEL_TRACES_EXPORTER", "otlp"), null));
    }

    @Test
    void a_receiver_on_loopback_gets_the_runs_spans_over_otlp_http_protobuf_with_their_genai_attributes() throws Exception {
        List<ExportTraceServiceRequest> received = Collections.synchronizedList(new ArrayList<>());
        List<String> authorizations = Collections.synchronizedList(new ArrayList<>());
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/v1/traces", exchange -> {
            authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
            received.add(ExportTraceServiceRequest.parseFrom(exchange.getRequestBody().readAllBytes()));
            byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        receiver.start();
        // As OTEL_EXPORTER_OTLP_HEADERS would: Langfuse reads its keys from a Basic authorization header.
        System.setProperty("otel.exporter.otlp.headers", "Authorization=Basic cGstbGY6c2stbGY=");
        AnalysisResult result;
        try {
            OpenTelemetrySdk sdk = OtlpExport.sdk("http://127.0.0.1:" + receiver.getAddress().getPort());
            try (Loupe loupe = Loupe.builder().graph("forensic").store(StoreLocation.parse("memory")).openTelemetry(sdk).build()) {
                result = loupe.analyze(TestImages.copy(TestImages.CANON_SD750, dir));
            } finally {
                sdk.close();
            }
        } finally {
            System.clearProperty("otel.exporter.otlp.headers");
            receiver.stop(0);
        }

        List<Span> spans = received.stream().flatMap(request -> request.getResourceSpansList().stream())
                .flatMap(resource -> resource.getScopeSpansList().stream()).flatMap(scope -> scope.getSpansList().stream()).toList();
        List<String> names = spans.stream().map(Span::getName).toList();
        assertTrue(names.containsAll(List.of("invoke_agent forensic", "vision", "call_model", "run_tools", "structuring",
                "chat offline", "execute_tool metadata")), names.toString());
        assertEquals("loupe", received.get(0).getResourceSpans(0).getResource().getAttributesList().stream()
                .filter(kv -> kv.getKey().equals("service.name")).findFirst().orElseThrow().getValue().getStringValue());
        assertEquals("Basic cGstbGY6c2stbGY=", authorizations.get(0));
        Span run = spans.stream().filter(span -> span.getName().equals("invoke_agent forensic")).findFirst().orElseThrow();
        assertEquals("invoke_agent", attributes(run).get("gen_ai.operation.name"));
        assertEquals(result.threadId(), attributes(run).get("loupe.thread.id"));
        Span tool = spans.stream().filter(span -> span.getName().equals("execute_tool metadata")).findFirst().orElseThrow();
        assertEquals("execute_tool", attributes(tool).get("gen_ai.operation.name"));
        assertEquals("metadata", attributes(tool).get("gen_ai.tool.name"));
        assertFalse(attributes(tool).get("gen_ai.tool.call.id").isBlank());
        Span chat = spans.stream().filter(span -> span.getName().equals("chat offline")).findFirst().orElseThrow();
        assertEquals(Map.of("gen_ai.operation.name", "chat", "gen_ai.provider.name", "offline", "gen_ai.request.model", "offline"),
                pick(attributes(chat), "gen_ai.operation.name", "gen_ai.provider.name", "gen_ai.request.model"));
        assertTrue(spans.stream().allMatch(span -> span.getTraceId().equals(run.getTraceId())), "one trace");
    }

    @Test
    void with_otlp_metrics_asked_for_the_runs_meters_reach_the_receiver_through_the_sdk() throws Exception {
        List<ExportMetricsServiceRequest> received = Collections.synchronizedList(new ArrayList<>());
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/v1/metrics", exchange -> {
            received.add(ExportMetricsServiceRequest.parseFrom(exchange.getRequestBody().readAllBytes()));
            byte[] answer = ExportMetricsServiceResponse.getDefaultInstance().toByteArray();
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        receiver.createContext("/v1/traces", exchange -> {
            byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        receiver.start();
        // As OTEL_METRICS_EXPORTER=otlp would.
        System.setProperty("otel.metrics.exporter", "otlp");
        try {
            OpenTelemetrySdk sdk = OtlpExport.sdk("http://127.0.0.1:" + receiver.getAddress().getPort());
            MeterRegistry bridge = OtlpExport.publishMeters(sdk);
            try (Loupe loupe = Loupe.builder().graph("forensic").store(StoreLocation.parse("memory")).openTelemetry(sdk).build()) {
                loupe.analyze(TestImages.copy(TestImages.CANON_SD750, dir));
            } finally {
                OtlpExport.stopMeters(bridge);
                sdk.close();
            }
        } finally {
            System.clearProperty("otel.metrics.exporter");
            receiver.stop(0);
        }

        List<String> names = received.stream().flatMap(request -> request.getResourceMetricsList().stream())
                .flatMap(resource -> resource.getScopeMetricsList().stream()).flatMap(scope -> scope.getMetricsList().stream())
                .map(Metric::getName).distinct().toList();
        assertTrue(names.containsAll(List.of("loupe.runs", "loupe.tool.calls", "gen_ai.client.operation.duration")),
                names.toString());
    }

    private static Map<String, String> attributes(Span span) {
        return span.getAttributesList().stream().collect(Collectors.toMap(KeyValue::getKey, kv -> kv.getValue().hasStringValue()
                ? kv.getValue().getStringValue() : kv.getValue().hasIntValue() ? String.valueOf(kv.getValue().getIntValue())
                : kv.getValue().toString().strip()));
    }

    private static Map<String, String> pick(Map<String, String> attributes, String... keys) {
        return List.of(keys).stream().collect(Collectors.toMap(key -> key, attributes::get));
    }
}
