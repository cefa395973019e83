package dev.loupe.checkpoint;

import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** PostgreSQL specifics: migrations under concurrent opens, concurrent writers, artefacts in bytea. */
class PostgresStoreTest {

    private static final List<String> ALL = List.of("V1__threads.sql", "V2__checkpoints.sql", "V3__artifacts.sql");

    @RegisterExtension
    static final EmbeddedPostgresServer server = new EmbeddedPostgresServer();

    private static <T> List<T> runTogether(List<Callable<T>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        try {
            List<Future<T>> futures = new ArrayList<>();
            tasks.forEach(task -> futures.add(pool.submit(task)));
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get(120, TimeUnit.SECONDS));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_new_database_gets_every_migration_once_even_when_four_stores_open_it_at_once() throws Exception {
        StoreLocation.Postgres database = server.newDatabase();
        Callable<List<String>> open = () -> {
            try (LoupeStore store = LoupeStore.open(database, StateFixtures.serializer())) {
                return store.appliedMigrations();
            }
        };

        List<String> applied = runTogether(List.of(open, open, open, open)).stream()
                .flatMap(List::stream).sorted().toList();

        assertEquals(ALL, applied);
        assertEquals(List.of(), open.call());
    }

    @Test
    void two_stores_writing_200_checkpoints_each_to_one_thread_lose_none() throws Exception {
        StoreLocation.Postgres database = server.newDatabase();
        try (LoupeStore a = LoupeStore.open(database, StateFixtures.serializer());
             LoupeStore b = LoupeStore.open(database, StateFixtures.serializer())) {
            runTogether(List.<Callable<Void>>of(
                    () -> {
                        CheckpointWriterProcess.writeCheckpoints(a, "shared", 200, "a");
                        return null;
                    },
                    () -> {
                        CheckpointWriterProcess.writeCheckpoints(b, "shared", 200, "b");
                        return null;
                    }));

            List<String> listed = a.saver().list(RunnableConfig.builder().threadId("shared").build()).stream()
                    .map(Checkpoint::getId).toList();
            assertEquals(400, listed.size());
            for (String prefix : List.of("a", "b")) {
                assertEquals(IntStream.range(0, 200).map(i -> 199 - i).mapToObj(i -> prefix + "-" + i).toList(),
                        listed.stream().filter(id -> id.startsWith(prefix + "-")).toList());
            }
        }
    }

    @Test
    void artefacts_are_stored_once_in_the_database_and_have_no_file() throws Exception {
        byte[] bytes = "heatmap".getBytes(StandardCharsets.US_ASCII);
        StoreLocation.Postgres database = server.newDatabase();
        String sha;
        try (LoupeStore store = LoupeStore.open(database, StateFixtures.serializer())) {
            sha = store.artifacts().put(bytes);
            assertEquals(sha, store.artifacts().put(bytes.clone()));
        }

        try (LoupeStore store = LoupeStore.open(database, StateFixtures.serializer())) {
            assertEquals(ArtifactStore.sha256(bytes), sha);
            assertArrayEquals(bytes, store.artifacts().get(sha).orElseThrow());
            assertEquals(Optional.empty(), store.artifacts().path(sha));
            assertEquals(Optional.empty(), store.artifacts().get("f".repeat(64)));
        }
    }

    @Test
    void a_hosts_data_source_keeps_the_threads_and_loupe_holds_none_of_its_connections_between_uses() throws Exception {
        StoreLocation.Postgres database = server.newDatabase();
        PGSimpleDataSource hostPool = new PGSimpleDataSource();
        hostPool.setURL(database.url());
        hostPool.setUser("postgres");
        String name = database.url().substring(database.url().lastIndexOf('/') + 1);

        try (LoupeStore store = LoupeStore.open(StoreLocation.of(hostPool), StateFixtures.serializer())) {
            CheckpointWriterProcess.writeCheckpoints(store, "hosted", 3, "h");

            assertEquals(ALL, store.appliedMigrations());
            assertEquals(3, store.saver().list(RunnableConfig.builder().threadId("hosted").build()).size());
            assertEquals(0, connectionsTo(name));
        }
        try (LoupeStore store = LoupeStore.open(database, StateFixtures.serializer())) {
            assertEquals(3, store.saver().list(RunnableConfig.builder().threadId("hosted").build()).size());
        }
    }

    private static long connectionsTo(String databaseName) throws Exception {
        PGSimpleDataSource admin = new PGSimpleDataSource();
        admin.setURL(server.jdbcUrl("postgres"));
        admin.setUser("postgres");
        try (Connection connection = admin.getConnection();
             PreparedStatement query = connection.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE datname = ?")) {
            query.setString(1, databaseName);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }
}
