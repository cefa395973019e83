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

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The hot queries are answered from indexes, never by sorting a table: speed that does not depend
 * on the number of threads, checked without timing. The queries are those the stores run.
 */
class SqliteQueryPlanTest {

    @TempDir
    Path folder;

    private List<String> plan(String query) throws Exception {
        Path file = folder.resolve("loupe.db");
        LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer()).close();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("EXPLAIN QUERY PLAN " + query)) {
            List<String> steps = new ArrayList<>();
            while (rows.next()) {
                steps.add(rows.getString("detail"));
            }
            return steps;
        }
    }

    @Test
    void a_page_of_threads_is_read_in_index_order() throws Exception {
        assertEquals(List.of("SCAN threads USING INDEX threads_by_created"),
                plan("SELECT * FROM threads ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 0"));
    }

    @Test
    void a_threads_checkpoints_are_found_and_ordered_by_the_primary_key() throws Exception {
        assertEquals(List.of("SEARCH checkpoints USING INDEX sqlite_autoindex_checkpoints_1 (thread_id=?)"),
                plan("SELECT * FROM checkpoints WHERE thread_id = 'x' AND released_at IS NULL ORDER BY seq DESC"));
    }

    @Test
    void a_checkpoint_is_found_by_its_id_through_the_live_id_index() throws Exception {
        assertEquals(List.of("SEARCH checkpoints USING INDEX checkpoints_live_id (thread_id=? AND checkpoint_id=?)"),
                plan("SELECT * FROM checkpoints WHERE thread_id = 'x' AND released_at IS NULL AND checkpoint_id = 'c'"));
    }
}
