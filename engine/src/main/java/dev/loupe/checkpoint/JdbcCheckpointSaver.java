package dev.loupe.checkpoint;

import dev.loupe.core.LoupeException;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.bsc.langgraph4j.serializer.PlainTextStateSerializer;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/**
 * A LangGraph4j checkpoint saver on SQLite or PostgreSQL, one row per checkpoint with the state as
 * JSON. It keeps {@link org.bsc.langgraph4j.checkpoint.MemorySaver}'s semantics exactly (pinned by
 * the contract test): {@code list} newest first, {@code get} by id or the latest, {@code put} adds a
 * checkpoint or, when the config names one, replaces it in place; {@code release} returns the
 * thread's checkpoints and hides them (the rows are kept, marked released). Unlike MemorySaver it
 * never loads a whole thread to add one checkpoint.
 */
public final class JdbcCheckpointSaver implements BaseCheckpointSaver {

    private static final String COLUMNS = "checkpoint_id, node_id, next_node_id, state_json";
    private static final String LIVE = "thread_id = ? AND released_at IS NULL";

    private final Database database;
    private final PlainTextStateSerializer<?> serializer;
    private final Clock clock;

    /**
     * @param serializer turns a state to JSON and back; Loupe uses {@code LC4jJacksonStateSerializer}
     *                   so that langchain4j messages survive the round trip
     */
    JdbcCheckpointSaver(Database database, PlainTextStateSerializer<?> serializer, Clock clock) {
        this.database = Objects.requireNonNull(database, "database");
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Collection<Checkpoint> list(RunnableConfig config) {
        String threadId = threadId(config);
        return database.read(connection -> query(connection,
                "SELECT " + COLUMNS + " FROM checkpoints WHERE " + LIVE + " ORDER BY seq DESC", threadId));
    }

    @Override
    public Optional<Checkpoint> get(RunnableConfig config) {
        String threadId = threadId(config);
        Optional<String> checkpointId = config.checkPointId();
        List<Checkpoint> found = database.read(connection -> checkpointId.isPresent()
                ? query(connection, "SELECT " + COLUMNS + " FROM checkpoints WHERE " + LIVE
                        + " AND checkpoint_id = ?", threadId, checkpointId.get())
                : query(connection, "SELECT " + COLUMNS + " FROM checkpoints WHERE " + LIVE
                        + " ORDER BY seq DESC LIMIT 1", threadId));
        return found.stream().findFirst();
    }

    @Override
    public RunnableConfig put(RunnableConfig config, Checkpoint checkpoint) {
        String threadId = threadId(config);
        String json = toJson(checkpoint);
        if (config.checkPointId().isPresent()) {
            String replaced = config.checkPointId().get();
            int updated = database.write(connection -> replace(connection, threadId, replaced, checkpoint, json));
            if (updated == 0) {
                throw new NoSuchElementException(String.format("Checkpoint with id %s not found!", replaced));
            }
            return config;
        }
        database.write(connection -> insert(connection, threadId, checkpoint, json));
        return RunnableConfig.builder(config).checkPointId(checkpoint.getId()).build();
    }

    @Override
    public Tag release(RunnableConfig config) {
        String threadId = threadId(config);
        return database.write(connection -> {
            database.dialect().lockKey(connection, threadLock(threadId));
            List<Checkpoint> released = query(connection,
                    "SELECT " + COLUMNS + " FROM checkpoints WHERE " + LIVE + " ORDER BY seq DESC", threadId);
            try (PreparedStatement mark = connection.prepareStatement(
                    "UPDATE checkpoints SET released_at = ? WHERE " + LIVE)) {
                mark.setLong(1, clock.millis());
                mark.setString(2, threadId);
                mark.executeUpdate();
            }
            return new Tag(threadId, released);
        });
    }

    private int insert(Connection connection, String threadId, Checkpoint checkpoint, String json)
            throws SQLException {
        database.dialect().lockKey(connection, threadLock(threadId));
        long seq;
        try (PreparedStatement next = connection.prepareStatement(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM checkpoints WHERE thread_id = ?")) {
            next.setString(1, threadId);
            try (ResultSet row = next.executeQuery()) {
                row.next();
                seq = row.getLong(1);
            }
        }
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO checkpoints (thread_id, seq, created_at, " + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            insert.setString(1, threadId);
            insert.setLong(2, seq);
            insert.setLong(3, clock.millis());
            bindCheckpoint(insert, 4, checkpoint, json);
            return insert.executeUpdate();
        }
    }

    /** The lock that orders the writers of one thread (PostgreSQL; SQLite locks the whole file). */
    private static String threadLock(String threadId) {
        return "loupe.thread." + threadId;
    }

    private static int replace(Connection connection, String threadId, String replaced, Checkpoint checkpoint,
                               String json) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE checkpoints SET checkpoint_id = ?, node_id = ?, next_node_id = ?, state_json = ? WHERE "
                        + LIVE + " AND checkpoint_id = ?")) {
            bindCheckpoint(update, 1, checkpoint, json);
            update.setString(5, threadId);
            update.setString(6, replaced);
            return update.executeUpdate();
        }
    }

    private static void bindCheckpoint(PreparedStatement statement, int first, Checkpoint checkpoint, String json)
            throws SQLException {
        statement.setString(first, checkpoint.getId());
        statement.setString(first + 1, checkpoint.getNodeId());
        statement.setString(first + 2, checkpoint.getNextNodeId());
        statement.setString(first + 3, json);
    }

    private List<Checkpoint> query(Connection connection, String sql, String... parameters) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                select.setString(i + 1, parameters[i]);
            }
            List<Checkpoint> checkpoints = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    checkpoints.add(Checkpoint.builder()
                            .id(rows.getString(1))
                            .nodeId(rows.getString(2))
                            .nextNodeId(rows.getString(3))
                            .state(fromJson(rows.getString(4), rows.getString(1)))
                            .build());
                }
            }
            return List.copyOf(checkpoints);
        }
    }

    private String toJson(Checkpoint checkpoint) {
        try {
            return serializer.writeDataAsString(checkpoint.getState());
        } catch (IOException e) {
            throw new LoupeException(LoupeException.Kind.INTERNAL,
                    "Cannot serialise the state of checkpoint " + checkpoint.getId() + " to JSON", e);
        }
    }

    private Map<String, Object> fromJson(String json, String checkpointId) {
        try {
            return serializer.readDataFromString(json);
        } catch (IOException e) {
            throw new LoupeException(LoupeException.Kind.INTERNAL,
                    "Cannot read the state JSON of checkpoint " + checkpointId, e);
        }
    }

    @Override
    public String toString() {
        return "JdbcCheckpointSaver[" + database + "]";
    }
}
