package dev.loupe;

import dev.loupe.graph.GraphOverrides;

import dev.loupe.tool.forensic.ForensicVerdict;

import dev.loupe.checkpoint.CheckpointInfo;
import dev.loupe.checkpoint.ReplayReport;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.checkpoint.ThreadStatus;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpec;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.TestImages;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The thread-store scenarios, run against every store: SQLite and PostgreSQL. */
final class ThreadScenarios {

    private ThreadScenarios() {
    }

    static Loupe offline(StoreLocation store) {
        return Loupe.builder().graph("forensic").store(store).build();
    }

    /** The forensic graph with its agent at the stub, using the metadata and provenance tools. */
    static Loupe againstStub(StoreLocation store, OpenAiStub stub) {
        GraphSpec bundled = GraphSpecParser.load(GraphFiles.bundled(), "forensic");
        Map<NodeRole, ModelSpec> models = new EnumMap<>(bundled.models());
        models.put(NodeRole.AGENT, new ModelSpec("openai", "stub-model", stub.baseUrl(), 0.0, null, Duration.ofSeconds(10), 1,
                Map.of(), null));
        GraphSpec spec = GraphOverrides.none().models(models).tools(List.of("metadata", "provenance")).applyTo(bundled);
        return Loupe.builder().graph(spec)
                .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", "sk-test"))))
                .store(store).build();
    }

    static void scriptTwoTurns(OpenAiStub stub) {
        stub.enqueue(OpenAiStub.toolCalls(List.of(new String[]{"metadata", "{}"}, new String[]{"provenance", "{}"}), 900, 40));
        stub.enqueue(OpenAiStub.text("The EXIF is intact.\n```json\n{\"verdict\": \"Authentic\", \"confidence\": \"80%\", "
                + "\"category\": \"camera original\", \"rationale\": \"Camera EXIF intact, no markers.\"}\n```", 1500, 120));
    }

    static void replayMakesNoModelCallAndReproducesTheThread(StoreLocation store, Path dir) throws Exception {
        try (OpenAiStub stub = new OpenAiStub(); Loupe loupe = againstStub(store, stub)) {
            scriptTwoTurns(stub);
            AnalysisResult recorded = loupe.analyze(TestImages.copy(TestImages.CANON_SD750, dir));
            int callsWhenRecorded = stub.requests().size();

            ReplayReport report = loupe.threads().replay(recorded.threadId());

            assertEquals(2, callsWhenRecorded);
            assertEquals(callsWhenRecorded, stub.requests().size(), "the replay reached the model server");
            assertTrue(report.identical(), String.join("\n", report.differences()));
            assertEquals("real", report.result().path("verdict").asText());
            assertEquals(2560, report.result().path("token_usage").path("agent").path("total").asInt());
            assertTrue(report.fingerprintDrift().isEmpty(), report.fingerprintDrift().toString());
        }
    }

    static void forkFromTheAgentRunsOnlyStructuring(StoreLocation store, Path dir) {
        try (Loupe loupe = offline(store)) {
            AnalysisResult original = loupe.analyze(TestImages.copy(TestImages.NIKON_D50, dir));

            AnalysisResult fork = loupe.threads().fork(original.threadId(), "agent", GraphOverrides.none());

            List<CheckpointInfo> history = loupe.threads().history(fork.threadId());
            assertEquals(List.of("__START__", "structuring"), history.stream().map(CheckpointInfo::node).toList(),
                    "the fork ran only structuring");
            assertFalse(fork.threadId().equals(original.threadId()));
            assertEquals(original.output(), fork.output());
            assertEquals(ThreadStatus.DONE, loupe.threads().find(fork.threadId()).orElseThrow().status());
            assertTrue(loupe.threads().find(fork.threadId()).orElseThrow().fingerprintJson().contains(original.threadId()));
        }
    }

    static void threadsAreListedShownAndDeleted(StoreLocation store, Path dir) {
        try (Loupe loupe = offline(store)) {
            AnalysisResult a = loupe.analyze(TestImages.drawn(dir, "a.png", "png", 40, 30));
            AnalysisResult b = loupe.analyze(TestImages.drawn(dir, "b.png", "png", 40, 30));

            var listed = loupe.threads().list(10, 0);
            assertTrue(listed.size() >= 2);
            assertEquals(b.threadId(), listed.get(0).id(), "newest first");
            assertEquals(ForensicVerdict.of(a.output()).verdict(), loupe.threads().result(a.threadId()).orElseThrow().path("verdict").asText());
            assertTrue(loupe.threads().history(a.threadId()).size() >= 5);

            assertTrue(loupe.threads().delete(a.threadId()));
            assertTrue(loupe.threads().find(a.threadId()).isEmpty());
        }
    }
}
