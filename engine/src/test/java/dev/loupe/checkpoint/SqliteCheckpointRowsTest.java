package dev.loupe.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a checkpoint looks like in the table, for whoever queries it with SQL. */
class SqliteCheckpointRowsTest {

    private static final Instant START = Instant.parse("2026-11-01T10:00:00Z");

    @TempDir
    Path folder;

    private record Row(String threadId, long seq, String checkpointId, String nodeId, String nextNodeId,
                       long createdAt, Long releasedAt) {
    }

    private List<Row> rows(Path file) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT thread_id, seq, checkpoint_id, node_id, next_node_id, "
                     + "created_at, released_at FROM checkpoints ORDER BY thread_id, seq")) {
            List<Row> found = new ArrayList<>();
            while (rows.next()) {
                long released = rows.getLong(7);
                found.add(new Row(rows.getString(1), rows.getLong(2), rows.getString(3), rows.getString(4),
                        rows.getString(5), rows.getLong(6), rows.wasNull() ? null : released));
            }
            return found;
        }
    }

    private static JsonNode stateJson(Path file, String checkpointId) throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery(
                     "SELECT state_json FROM checkpoints WHERE checkpoint_id = '" + checkpointId + "'")) {
            row.next();
            return new ObjectMapper().readTree(row.getString(1));
        }
    }

    @Test
    void each_checkpoint_is_a_numbered_row_with_its_nodes_time_and_state_as_json() throws Exception {
        Path file = folder.resolve("loupe.db");
        MutableClock clock = new MutableClock(START);
        try (LoupeStore store = LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer(), clock)) {
            RunnableConfig config = RunnableConfig.builder().threadId("t1").build();
            store.saver().put(config, Checkpoint.builder().id("c1").nodeId("__START__").nextNodeId("vision")
                    .state(StateFixtures.state(1)).build());
            clock.advance(Duration.ofMillis(1500));
            store.saver().put(config, Checkpoint.builder().id("c2").nodeId("vision").nextNodeId("agent")
                    .state(StateFixtures.state(2)).build());
            clock.advance(Duration.ofSeconds(10));

            store.saver().release(config);
        }

        long released = START.plusMillis(11_500).toEpochMilli();
        assertEquals(List.of(
                new Row("t1", 1, "c1", "__START__", "vision", START.toEpochMilli(), released),
                new Row("t1", 2, "c2", "vision", "agent", START.plusMillis(1500).toEpochMilli(), released)),
                rows(file));
        JsonNode state = stateJson(file, "c2");
        assertEquals(2, state.get("step").asInt());
        assertEquals(3, state.get("messages").size());
        assertEquals("AI", state.get("messages").get(1).get("@type").asText());
    }
}
