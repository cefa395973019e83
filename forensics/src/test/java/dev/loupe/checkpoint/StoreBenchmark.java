package dev.loupe.checkpoint;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.Checkpoint;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Prints the store's speed (not a test: no assertions). Run from the worktree:
 * <pre>
 * mvn -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) dev.loupe.checkpoint.StoreBenchmark
 * </pre>
 * Add {@code --no-postgres} to skip the embedded PostgreSQL half.
 */
public final class StoreBenchmark {

    private static final int WARMUP_WRITES = 200;
    private static final int MEASURED_WRITES = 1_000;
    private static final int THREADS = 10_000;

    private StoreBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Files.createTempDirectory("loupe-bench");
        StoreLocation.Sqlite sqlite = new StoreLocation.Sqlite(folder.resolve("loupe.db"));
        System.out.printf("state JSON: %d bytes%n", StateFixtures.serializer().writeDataAsString(realisticState(0)).length());
        System.out.println("== SQLite " + sqlite.file());
        run(sqlite);
        try (Database database = Database.open(sqlite)) {
            System.out.printf("opening a SQLite connection (what the pool saves): %.3f ms mean%n",
                    meanOpenMillis(database));
        }
        if (!Arrays.asList(args).contains("--no-postgres")) {
            try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start()) {
                StoreLocation.Postgres postgres = server.newDatabase();
                System.out.println("== PostgreSQL (embedded, localhost)");
                run(postgres);
            }
        }
    }

    private static void run(StoreLocation location) {
        try (LoupeStore store = LoupeStore.open(location, StateFixtures.serializer())) {
            measureCheckpointWrites(store);
            measureThreadListing(store);
        } catch (Exception e) {
            throw new IllegalStateException("Benchmark failed on " + location, e);
        }
    }

    /** A state as Loupe's forensic graph leaves it after a few tool rounds: about 20 KB of JSON. */
    static Map<String, Object> realisticState(int step) {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(UserMessage.from("Analyse photo.jpg. Is it a camera original, manipulated or AI-generated?"));
        for (int round = 0; round < 8; round++) {
            messages.add(AiMessage.from("Round " + round + ": I will look at the compression and noise.",
                    List.of(StateFixtures.elaRequest())));
            StringBuilder result = new StringBuilder("{\"status\":\"ok\",\"data\":{");
            for (int i = 0; i < 80; i++) {
                result.append("\"block_").append(i).append("\":").append(0.001 * (i * 37 % 1000)).append(',');
            }
            result.append("\"round\":").append(round).append("},\"findings\":[{\"code\":\"ela_uniform\","
                    + "\"detail\":\"Error levels are uniform across the image, as in a single compression.\"}]}");
            messages.add(ToolExecutionResultMessage.builder().id("call_" + round).toolName("ela").isError(false)
                    .text(result.toString()).build());
        }
        messages.add(AiMessage.from("The evidence points to a camera original. ".repeat(40)));
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("messages", messages);
        state.put("vision", "A harbour at dusk, boats, no visible artefacts. ".repeat(30));
        state.put("image_sha256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        state.put("step", step);
        state.put("timings", Map.of("vision_ms", 812, "agent_ms", 2400, "structuring_ms", 35));
        return state;
    }

    private static void measureCheckpointWrites(LoupeStore store) throws Exception {
        RunnableConfig config = RunnableConfig.builder().threadId("bench-" + System.nanoTime()).build();
        Map<String, Object> state = realisticState(1);
        double[] millis = new double[MEASURED_WRITES];
        for (int i = 0; i < WARMUP_WRITES + MEASURED_WRITES; i++) {
            Checkpoint checkpoint = Checkpoint.builder().nodeId("agent").nextNodeId("structuring").state(state).build();
            long start = System.nanoTime();
            store.saver().put(config, checkpoint);
            long elapsed = System.nanoTime() - start;
            if (i >= WARMUP_WRITES) {
                millis[i - WARMUP_WRITES] = elapsed / 1e6;
            }
        }
        Arrays.sort(millis);
        System.out.printf("checkpoint write (%d after %d warm-up, serialisation included): "
                        + "p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms%n", MEASURED_WRITES, WARMUP_WRITES,
                percentile(millis, 50), percentile(millis, 95), percentile(millis, 99), millis[millis.length - 1]);
        double getMillis = median(20, () -> store.saver().get(config));
        System.out.printf("checkpoint get latest (read + JSON parse): %.2f ms median%n", getMillis);
    }

    private static void measureThreadListing(LoupeStore store) {
        Instant base = Instant.parse("2026-01-01T00:00:00Z");
        long start = System.nanoTime();
        for (int i = 0; i < THREADS; i++) {
            ThreadRecord thread = ThreadRecord.started(String.format("thread-%05d", i), base.plusSeconds(i),
                    "forensic", "img" + i + ".jpg", ArtifactStore.sha256(new byte[]{(byte) i, (byte) (i >> 8)}),
                    "offline", "{\"graph\":\"forensic.yaml\",\"tools\":[\"ela\",\"metadata\"]}");
            store.threads().createThread(thread.finished(ThreadStatus.DONE, "real",
                    "{\"verdict\":\"real\",\"confidence\":0.8}", base.plusSeconds(i + 5)));
        }
        System.out.printf("createThread x %d: %.1f ms each%n", THREADS, (System.nanoTime() - start) / 1e6 / THREADS);
        System.out.printf("listThreads(50) over %d threads: %.2f ms median%n", THREADS,
                median(50, () -> store.threads().listThreads(50, 0)));
        System.out.printf("listThreads(50, offset 9950): %.2f ms median%n",
                median(20, () -> store.threads().listThreads(50, 9_950)));
        System.out.printf("full list of %d threads: %.2f ms median%n", THREADS,
                median(10, () -> store.threads().listThreads(THREADS, 0)));
    }

    private static double meanOpenMillis(Database database) throws Exception {
        int opens = 200;
        long start = System.nanoTime();
        for (int i = 0; i < opens; i++) {
            try (Connection connection = database.openUnpooled()) {
                connection.getMetaData();
            }
        }
        return (System.nanoTime() - start) / 1e6 / opens;
    }

    private static double median(int runs, Supplier<?> work) {
        double[] millis = new double[runs];
        work.get();
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            work.get();
            millis[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(millis);
        return millis[runs / 2];
    }

    private static double percentile(double[] sorted, int percent) {
        int index = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
