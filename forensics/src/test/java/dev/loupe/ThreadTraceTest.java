package dev.loupe;

import dev.loupe.checkpoint.StoreLocation;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

/** {@code threads trace} on the in-memory and SQLite stores; {@link PostgresThreadsTest} runs it on PostgreSQL. */
class ThreadTraceTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite"})
    void the_steps_read_back_from_the_checkpoints_are_the_steps_the_run_wrote(String store) throws Exception {
        StoreLocation location = StoreLocation.parse(store.equals("memory") ? "memory" : dir.resolve("threads.db").toString());
        ThreadTraceScenario.theStepsReadBackAreTheStepsWritten(location, dir);
    }
}
