package dev.loupe.cli;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.instrumentation.micrometer.v1_5.OpenTelemetryMeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * OpenTelemetry export for the command line: off unless the standard {@code OTEL_*} variables or
 * {@code --otlp-endpoint} ask for it, then an SDK configured by OpenTelemetry's own autoconfiguration
 * (every {@code OTEL_*} variable and {@code otel.*} property it documents: endpoint, headers, service
 * name, resource attributes, sampler) and installed as the process's global one, where every Loupe
 * the command builds finds it. Loupe's defaults, which the variables override: spans over OTLP
 * HTTP/protobuf, service name {@code loupe}, no metrics or logs exported (most trace back ends take
 * no metrics: {@code OTEL_METRICS_EXPORTER=otlp} sends them).
 */
final class OtlpExport {

    private static final Logger LOG = LoggerFactory.getLogger(OtlpExport.class);

    private OtlpExport() {
    }

    /**
     * Whether {@code environment} or the flag asks for export: {@code --otlp-endpoint}, or
     * {@code OTEL_TRACES_EXPORTER} other than {@code none}, or an OTLP endpoint variable; never when
     * {@code OTEL_SDK_DISABLED=true}.
     */
    static boolean wanted(Map<String, String> environment, String endpointFlag) {
        if (endpointFlag != null && !endpointFlag.isBlank()) {
            return true;
        }
        if ("true".equalsIgnoreCase(environment.get("OTEL_SDK_DISABLED"))) {
            return false;
        }
        String exporter = environment.get("OTEL_TRACES_EXPORTER");
        if (exporter != null && !exporter.isBlank()) {
            return !"none".equalsIgnoreCase(exporter.strip());
        }
        return present(environment, "OTEL_EXPORTER_OTLP_ENDPOINT") || present(environment, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
    }

    /**
     * An SDK that exports as the {@code OTEL_*} variables say, to {@code endpointFlag} when given (it wins
     * over {@code OTEL_EXPORTER_OTLP_ENDPOINT}); not installed anywhere.
     */
    static OpenTelemetrySdk sdk(String endpointFlag) {
        return AutoConfiguredOpenTelemetrySdk.builder()
                .addPropertiesSupplier(OtlpExport::defaults)
                .addPropertiesCustomizer(config -> endpointFlag == null || endpointFlag.isBlank() ? Map.of()
                        : Map.of("otel.exporter.otlp.endpoint", endpointFlag.strip(), "otel.traces.exporter", "otlp"))
                .disableShutdownHook()
                .build().getOpenTelemetrySdk();
    }

    /** When wanted, an SDK installed as the global one, to close when the command ends; else null. */
    static OpenTelemetrySdk install(Map<String, String> environment, String endpointFlag) {
        if (!wanted(environment, endpointFlag)) {
            return null;
        }
        OpenTelemetrySdk sdk = sdk(endpointFlag);
        try {
            GlobalOpenTelemetry.set(sdk);
        } catch (IllegalStateException e) {
            // An SDK is installed already (the OpenTelemetry Java agent's, say): Loupe's spans go there.
            sdk.close();
            LOG.info("an OpenTelemetry SDK is installed already; Loupe's spans go to it");
            return null;
        }
        return sdk;
    }

    /**
     * Loupe's meters into {@code sdk} as well: a Micrometer registry bridged to its meter provider, added
     * to Micrometer's global registry, which every Loupe the command builds publishes to. With Loupe's
     * default {@code otel.metrics.exporter=none} the provider keeps nothing; {@link #stopMeters} removes it.
     */
    static MeterRegistry publishMeters(OpenTelemetrySdk sdk) {
        MeterRegistry bridge = OpenTelemetryMeterRegistry.builder(sdk).setBaseTimeUnit(TimeUnit.SECONDS).build();
        Metrics.globalRegistry.add(bridge);
        return bridge;
    }

    static void stopMeters(MeterRegistry bridge) {
        Metrics.globalRegistry.remove(bridge);
        bridge.close();
    }

    private static Map<String, String> defaults() {
        Map<String, String> defaults = new HashMap<>();
        defaults.put("otel.service.name", "loupe");
        defaults.put("otel.traces.exporter", "otlp");
        defaults.put("otel.exporter.otlp.protocol", "http/protobuf");
        defaults.put("otel.metrics.exporter", "none");
        defaults.put("otel.logs.exporter", "none");
        return defaults;
    }

    private static boolean present(Map<String, String> environment, String name) {
        String value = environment.get(name);
        return value != null && !value.isBlank();
    }
}
