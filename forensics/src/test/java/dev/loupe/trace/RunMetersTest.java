package dev.loupe.trace;

import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.core.LoupeException;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A run's meters, as a host's own Micrometer registry sees them: runs, tool calls, tokens and model calls. */
class RunMetersTest {

    @TempDir
    Path dir;

    @Test
    void a_hosts_registry_sees_the_run_its_tool_calls_its_tokens_and_its_model_calls() throws Exception {
        MeterRegistry host = new SimpleMeterRegistry();
        try (OpenAiStub stub = new OpenAiStub(); Telemetries telemetry = new Telemetries();
             Loupe loupe = ForensicRunTraceTest.builderAgainstStub(stub, telemetry, dir.resolve("traces")).meterRegistry(host).build()) {
            stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}, new String[]{"provenance", "{}"}), 900, 40));
            stub.enqueue(OpenAiStub.text("```json\n{\"verdict\": \"real\", \"confidence\": 0.8, \"category\": \"camera_original\", "
                    + "\"rationale\": \"EXIF intact.\"}\n```", 1500, 120));

            loupe.analyze(TestImages.copy(TestImages.CANON_SD750, dir));

            assertSame(host, loupe.meterRegistry());
            assertEquals(1.0, host.get(GenAi.RUNS_METRIC).tag("loupe.graph", "forensic").tag("error.type", "none").counter().count());
            for (String tool : List.of("metadata", "provenance")) {
                assertEquals(1.0, host.get(GenAi.TOOL_CALLS_METRIC).tag("gen_ai.tool.name", tool).tag("loupe.tool.status", "ok")
                        .counter().count(), tool);
            }
            DistributionSummary input = host.get(GenAi.TOKEN_USAGE_METRIC).tag("gen_ai.provider.name", "openai")
                    .tag("gen_ai.token.type", "input").tag("gen_ai.response.model", "stub-model-2026").summary();
            assertEquals(2, input.count());
            assertEquals(2400.0, input.totalAmount());
            assertEquals(160.0, host.get(GenAi.TOKEN_USAGE_METRIC).tag("gen_ai.provider.name", "openai")
                    .tag("gen_ai.token.type", "output").summary().totalAmount());
            Timer calls = host.get(GenAi.OPERATION_DURATION_METRIC).tag("gen_ai.provider.name", "openai")
                    .tag("gen_ai.request.model", "stub-model").tag("error.type", "none").timer();
            assertEquals(2, calls.count());
        }
    }

    @Test
    void a_run_whose_model_stays_unavailable_is_counted_with_its_error_type() throws Exception {
        MeterRegistry host = new SimpleMeterRegistry();
        try (OpenAiStub stub = new OpenAiStub(); Telemetries telemetry = new Telemetries();
             Loupe loupe = ForensicRunTraceTest.builderAgainstStub(stub, telemetry, dir.resolve("traces")).meterRegistry(host).build()) {
            stub.otherwise(body -> OpenAiStub.error(503, "overloaded"));

            assertThrows(LoupeException.class, () -> loupe.analyze(TestImages.copy(TestImages.CANON_SD750, dir),
                    AnalysisOptions.defaults().withThreadId("down-1")));

            assertEquals(1.0, host.get(GenAi.RUNS_METRIC).tag("error.type", "unavailable").counter().count());
            assertNull(host.find(GenAi.RUNS_METRIC).tag("error.type", "none").counter(), "no run was done");
            assertEquals(1, host.get(GenAi.OPERATION_DURATION_METRIC).tag("gen_ai.provider.name", "openai")
                    .tag("error.type", "unavailable").timer().count());
        }
    }

    @Test
    void without_a_registry_a_loupe_counts_into_one_of_its_own_that_also_publishes_to_the_global_one() throws Exception {
        MeterRegistry global = new SimpleMeterRegistry();
        Metrics.globalRegistry.add(global);
        try (Loupe first = Loupe.builder().graph("forensic").store(StoreLocation.parse("memory")).build();
             Loupe second = Loupe.builder().graph("forensic").store(StoreLocation.parse("memory")).build()) {
            first.analyze(TestImages.copy(TestImages.CANON_SD750, dir));

            Counter runs = first.meterRegistry().get(GenAi.RUNS_METRIC).tag("loupe.graph", "forensic").counter();
            assertEquals(1.0, runs.count());
            assertNotNull(first.meterRegistry().find(GenAi.TOOL_CALLS_METRIC).counter());
            assertNull(second.meterRegistry().find(GenAi.RUNS_METRIC).counter(), "each Loupe has its own");
            assertEquals(1.0, global.get(GenAi.RUNS_METRIC).tag("loupe.graph", "forensic").counter().count());
        } finally {
            Metrics.globalRegistry.remove(global);
        }
    }
}
