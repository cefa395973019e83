package dev.loupe.server;

import dev.loupe.Loupe;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An analysis through the service is a trace whose run span names the request and the thread. */
class ServerSpansTest {

    @Test
    void the_run_span_of_an_analysis_carries_the_requests_id_and_its_thread_id() throws Exception {
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        HttpResponse<String> analysed;
        List<SpanData> finished;
        try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build();
             Loupe loupe = Loupe.builder().graph("forensic").openTelemetry(sdk).build();
             LoupeServer server = LoupeServer.start(ServerConfig.defaults().withPort(0), List.of(loupe))) {
            analysed = new ServerClient(server, null).post("/v1/analyze?thread_id=spanned-1",
                    "multipart/form-data; boundary=" + ServerClient.BOUNDARY, "application/json",
                    HttpRequest.BodyPublishers.ofByteArray(ServerClient.multipart("image", "photo.jpg", ServerImages.plainJpeg(64, 48))));
            finished = spans.getFinishedSpanItems(); // before the SDK's shutdown empties the exporter
        }

        assertEquals(200, analysed.statusCode(), analysed.body());
        SpanData run = finished.stream().filter(span -> span.getName().equals("invoke_agent forensic"))
                .findFirst().orElseThrow(() -> new AssertionError(finished.stream().map(SpanData::getName).toList()));
        assertEquals(analysed.headers().firstValue(RequestIds.HEADER).orElseThrow(),
                run.getAttributes().get(AttributeKey.stringKey("loupe.request.id")));
        assertEquals("spanned-1", run.getAttributes().get(AttributeKey.stringKey("loupe.thread.id")));
    }
}
