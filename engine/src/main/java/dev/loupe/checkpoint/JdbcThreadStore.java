package dev.loupe.checkpoint;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The threads table on SQLite or PostgreSQL. */
final class JdbcThreadStore implements ThreadStore {

    private static final String COLUMNS = "id, created_at, updated_at, status, graph_name, image_name, "
            + "image_sha256, verdict, model, fingerprint_json, result_json";

    private final Database database;
    private final Clock clock;

    JdbcThreadStore(Database database, Clock clock) {
        this.database = Objects.requireNonNull(database, "database");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public boolean createThread(ThreadRecord thread) {
        int inserted = database.write(connection -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO threads (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")) {
                insert.setString(1, thread.id());
                insert.setLong(2, thread.createdAt().toEpochMilli());
                insert.setLong(3, thread.updatedAt().toEpochMilli());
                insert.setString(4, thread.status().code());
                setText(insert, 5, thread.graphName());
                setText(insert, 6, thread.imageName());
                setText(insert, 7, thread.imageSha256());
                setText(insert, 8, thread.verdict());
                setText(insert, 9, thread.model());
                setText(insert, 10, thread.fingerprintJson());
                setText(insert, 11, thread.resultJson());
                return insert.executeUpdate();
            }
        });
        return inserted == 1;
    }

    @Override
    public boolean finishThread(String id, ThreadStatus status, String verdict, String resultJson) {
        int updated = database.write(connection -> {
            try (PreparedStatement finish = connection.prepareStatement(
                    "UPDATE threads SET status = ?, verdict = ?, result_json = ?, updated_at = ? WHERE id = ?")) {
                finish.setString(1, status.code());
                setText(finish, 2, verdict);
                setText(finish, 3, resultJson);
                finish.setLong(4, clock.millis());
                finish.setString(5, id);
                return finish.executeUpdate();
            }
        });
        return updated > 0;
    }

    @Override
    public List<ThreadRecord> listThreads(int limit, int offset) {
        if (limit < 0 || offset < 0) {
            throw new IllegalArgumentException("limit and offset must not be negative: " + limit + ", " + offset);
        }
        return database.read(connection -> {
            try (PreparedStatement select = connection.prepareStatement("SELECT " + COLUMNS
                    + " FROM threads ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?")) {
                select.setInt(1, limit);
                select.setInt(2, offset);
                return records(select);
            }
        });
    }

    @Override
    public Optional<ThreadRecord> findThread(String id) {
        return database.read(connection -> {
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT " + COLUMNS + " FROM threads WHERE id = ?")) {
                select.setString(1, id);
                return records(select).stream().findFirst();
            }
        });
    }

    @Override
    public boolean deleteThread(String id) {
        int deleted = database.write(connection -> {
            deleteCheckpoints(connection, id);
            try (PreparedStatement thread = connection.prepareStatement("DELETE FROM threads WHERE id = ?")) {
                thread.setString(1, id);
                return thread.executeUpdate();
            }
        });
        return deleted > 0;
    }

    @Override
    public int pruneOlderThan(Instant cutoff) {
        long millis = cutoff.toEpochMilli();
        return database.write(connection -> {
            List<String> old = new ArrayList<>();
            try (PreparedStatement select = connection.prepareStatement("SELECT id FROM threads WHERE updated_at < ?")) {
                select.setLong(1, millis);
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        old.add(rows.getString(1));
                    }
                }
            }
            // One thread at a time, because a conversation's turn threads are found by probing.
            for (String id : old) {
                deleteCheckpoints(connection, id);
            }
            try (PreparedStatement threads = connection.prepareStatement("DELETE FROM threads WHERE updated_at < ?")) {
                threads.setLong(1, millis);
                return threads.executeUpdate();
            }
        });
    }

    private static void deleteCheckpoints(Connection connection, String id) throws SQLException {
        try (PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM checkpoints WHERE thread_id = ? LIMIT 1");
             PreparedStatement delete = connection.prepareStatement("DELETE FROM checkpoints WHERE thread_id = ?")) {
            for (String threadId : ThreadStore.checkpointThreadIds(id, t -> hasRows(exists, t))) {
                delete.setString(1, threadId);
                delete.executeUpdate();
            }
        }
    }

    private static boolean hasRows(PreparedStatement exists, String threadId) {
        try {
            exists.setString(1, threadId);
            try (ResultSet rows = exists.executeQuery()) {
                return rows.next();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot look for the checkpoints of thread " + threadId, e);
        }
    }

    private static List<ThreadRecord> records(PreparedStatement select) throws SQLException {
        List<ThreadRecord> records = new ArrayList<>();
        try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                records.add(new ThreadRecord(rows.getString(1),
                        Instant.ofEpochMilli(rows.getLong(2)), Instant.ofEpochMilli(rows.getLong(3)),
                        ThreadStatus.ofCode(rows.getString(4)), rows.getString(5), rows.getString(6),
                        rows.getString(7), rows.getString(8), rows.getString(9), rows.getString(10),
                        rows.getString(11)));
            }
        }
        return records;
    }

    private static void setText(PreparedStatement statement, int index, String value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.VARCHAR);
        } else {
            statement.setString(index, value);
        }
    }
}
