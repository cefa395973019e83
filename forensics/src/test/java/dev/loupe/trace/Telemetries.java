package dev.loupe.trace;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;

import java.util.List;

/** A real OpenTelemetry SDK that keeps the spans it is given in memory, as they end. */
final class Telemetries implements AutoCloseable {

    final InMemorySpanExporter spans = InMemorySpanExporter.create();
    final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .build();

    List<SpanData> spans() {
        return spans.getFinishedSpanItems();
    }

    List<SpanData> named(String prefix) {
        return spans().stream().filter(span -> span.getName().startsWith(prefix)).toList();
    }

    SpanData only(String name) {
        List<SpanData> found = spans().stream().filter(span -> span.getName().equals(name)).toList();
        if (found.size() != 1) {
            throw new AssertionError("expected one span " + name + ", got " + found.size() + ": " + names());
        }
        return found.get(0);
    }

    List<String> names() {
        return spans().stream().map(SpanData::getName).toList();
    }

    static <T> T attribute(SpanData span, AttributeKey<T> key) {
        return span.getAttributes().get(key);
    }

    @Override
    public void close() {
        sdk.close();
    }
}
