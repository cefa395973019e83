package dev.loupe.checkpoint;

import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two writers on one SQLite file, each with its own store: in two threads, then in two JVMs. */
class SqliteConcurrentWritersTest {

    private static final int PER_WRITER = 200;

    @TempDir
    Path folder;

    private List<String> listedIds(Path file, String threadId) {
        try (LoupeStore store = LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer())) {
            return store.saver().list(RunnableConfig.builder().threadId(threadId).build()).stream()
                    .map(Checkpoint::getId).toList();
        }
    }

    /** Each writer's ids appear once and in the order it wrote them (newest first). */
    private static void assertNothingLost(List<String> listed, String... prefixes) {
        assertEquals(PER_WRITER * prefixes.length, listed.size());
        for (String prefix : prefixes) {
            List<String> mine = listed.stream().filter(id -> id.startsWith(prefix + "-")).toList();
            List<String> expected = IntStream.range(0, PER_WRITER).map(i -> PER_WRITER - 1 - i)
                    .mapToObj(i -> prefix + "-" + i).toList();
            assertEquals(expected, mine);
        }
    }

    @Test
    void two_threads_with_their_own_stores_write_200_checkpoints_each_to_one_thread_and_lose_none() throws Exception {
        Path file = folder.resolve("loupe.db");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (LoupeStore a = LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer());
             LoupeStore b = LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer())) {
            List<Future<?>> writers = new ArrayList<>();
            writers.add(pool.submit(() -> {
                CheckpointWriterProcess.writeCheckpoints(a, "shared", PER_WRITER, "a");
                return null;
            }));
            writers.add(pool.submit(() -> {
                CheckpointWriterProcess.writeCheckpoints(b, "shared", PER_WRITER, "b");
                return null;
            }));
            for (Future<?> writer : writers) {
                writer.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertNothingLost(listedIds(file, "shared"), "a", "b");
    }

    @Test
    void two_processes_write_200_checkpoints_each_to_one_thread_and_lose_none() throws Exception {
        Path file = folder.resolve("loupe.db");
        List<Process> processes = new ArrayList<>();
        for (String prefix : List.of("p", "q")) {
            processes.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), CheckpointWriterProcess.class.getName(),
                    file.toString(), "shared", Integer.toString(PER_WRITER), prefix)
                    .redirectErrorStream(true)
                    .redirectOutput(folder.resolve(prefix + ".log").toFile())
                    .start());
        }
        for (Process process : processes) {
            assertTrue(process.waitFor(180, TimeUnit.SECONDS), "writer process did not finish");
            assertEquals(0, process.exitValue(), "writer process failed, see " + folder + File.separator + "*.log");
        }

        assertNothingLost(listedIds(file, "shared"), "p", "q");
    }
}
