package dev.loupe.checkpoint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SqliteSchemaMigrationTest {

    private static final List<String> ALL = List.of("V1__threads.sql", "V2__checkpoints.sql");

    @TempDir
    Path folder;

    private static List<String> recordedVersions(Path file) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT version, name FROM schema_version ORDER BY version")) {
            List<String> versions = new ArrayList<>();
            while (rows.next()) {
                versions.add(rows.getInt(1) + ":" + rows.getString(2));
            }
            return versions;
        }
    }

    private static String journalMode(Path file) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("PRAGMA journal_mode")) {
            row.next();
            return row.getString(1);
        }
    }

    @Test
    void a_new_database_gets_every_migration_and_a_second_open_applies_none() throws Exception {
        Path file = folder.resolve("nested").resolve("loupe.db");

        List<String> first;
        try (LoupeStore store = LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer())) {
            first = store.appliedMigrations();
        }
        List<String> second;
        try (LoupeStore store = LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer())) {
            second = store.appliedMigrations();
        }

        assertEquals(ALL, first);
        assertEquals(List.of(), second);
        assertEquals(List.of("1:V1__threads.sql", "2:V2__checkpoints.sql"), recordedVersions(file));
    }

    @Test
    void the_database_is_left_in_write_ahead_logging_mode() throws Exception {
        Path file = folder.resolve("loupe.db");
        LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer()).close();

        assertEquals("wal", journalMode(file));
    }

    @Test
    void four_stores_opening_a_new_database_at_once_apply_each_migration_once() throws Exception {
        Path file = folder.resolve("loupe.db");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<String> applied = new ArrayList<>();
        try {
            List<Future<List<String>>> opens = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                opens.add(pool.submit(() -> {
                    try (LoupeStore store = LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer())) {
                        return store.appliedMigrations();
                    }
                }));
            }
            for (Future<List<String>> open : opens) {
                applied.addAll(open.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }

        assertEquals(ALL, applied.stream().sorted().toList());
        assertEquals(2, recordedVersions(file).size());
    }

    @Test
    void scripts_split_on_semicolons_that_end_a_line_and_drop_comment_lines() {
        String script = "-- a comment; not a statement\nCREATE TABLE a (x TEXT DEFAULT ';');\n\n"
                + "CREATE INDEX b ON a (x);\n";

        assertEquals(List.of("CREATE TABLE a (x TEXT DEFAULT ';')", "CREATE INDEX b ON a (x)"),
                SchemaMigrator.statements(script));
    }
}
