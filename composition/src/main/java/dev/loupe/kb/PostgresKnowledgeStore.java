package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.filter.Filter;
import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.StoreLocation;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;

/**
 * Collections in PostgreSQL, for deployments that share one database: {@code kb_collections} (with
 * a generation bumped on every change), {@code kb_sources} and {@code kb_chunks}, whose chunks a
 * {@link JdbcEmbeddingStore} reads and writes. Searches run on an in-memory index of the collection,
 * reloaded when its generation moves, so another process's ingest is seen by the next search.
 */
public final class PostgresKnowledgeStore implements KnowledgeStore {

    private static final String[] SCHEMA = {
            "CREATE TABLE IF NOT EXISTS kb_collections (name TEXT PRIMARY KEY, generation BIGINT NOT NULL DEFAULT 0)",
            "CREATE TABLE IF NOT EXISTS kb_sources (collection TEXT NOT NULL REFERENCES kb_collections(name) ON DELETE CASCADE, "
                    + "source TEXT NOT NULL, sha256 TEXT NOT NULL, chunks INTEGER NOT NULL, ingested_at TIMESTAMPTZ NOT NULL, "
                    + "PRIMARY KEY (collection, source))",
            "CREATE TABLE IF NOT EXISTS kb_chunks (id TEXT PRIMARY KEY, collection TEXT NOT NULL REFERENCES kb_collections(name) "
                    + "ON DELETE CASCADE, source TEXT NOT NULL, position TEXT NOT NULL, text TEXT NOT NULL, metadata TEXT NOT NULL, "
                    + "vector BYTEA NOT NULL)",
            "CREATE INDEX IF NOT EXISTS kb_chunks_by_source ON kb_chunks (collection, source)"};

    private interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private record Cached(long generation, VectorIndex index) {
    }

    /** Opens the store's one connection. */
    @FunctionalInterface
    private interface Connector {
        Connection connect() throws SQLException;
    }

    private final Connector connector;
    private final String where;
    private final Optional<String> secret;
    private final Map<String, Cached> indexes = new HashMap<>();
    private Connection connection;

    private PostgresKnowledgeStore(Connector connector, String where, Optional<String> secret) {
        this.connector = connector;
        this.where = where;
        this.secret = secret;
    }

    /** Connects and creates the tables when missing. */
    public static PostgresKnowledgeStore open(StoreLocation.Postgres location) {
        return open(new PostgresKnowledgeStore(() -> {
            Properties properties = new Properties();
            location.user().ifPresent(user -> properties.setProperty("user", user));
            location.password().ifPresent(password -> properties.setProperty("password", password));
            return DriverManager.getConnection(location.url(), properties);
        }, location.redactedUrl(), location.password()));
    }

    /** In the host's pool: the store holds one of its connections while it is open. */
    public static PostgresKnowledgeStore open(StoreLocation.Hosted location) {
        return open(new PostgresKnowledgeStore(location.dataSource()::getConnection, "the host's DataSource", Optional.empty()));
    }

    private static PostgresKnowledgeStore open(PostgresKnowledgeStore store) {
        store.transaction(connection -> {
            try (Statement statement = connection.createStatement()) {
                for (String sql : SCHEMA) {
                    statement.execute(sql);
                }
            }
            return null;
        });
        return store;
    }

    @Override
    public List<CollectionInfo> collections() {
        return transaction(connection -> {
            String sql = "SELECT c.name, (SELECT count(*) FROM kb_sources s WHERE s.collection = c.name), "
                    + "(SELECT count(*) FROM kb_chunks k WHERE k.collection = c.name) FROM kb_collections c ORDER BY c.name";
            List<CollectionInfo> found = new ArrayList<>();
            try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
                while (rows.next()) {
                    found.add(new CollectionInfo(rows.getString(1), rows.getInt(2), rows.getInt(3)));
                }
            }
            return found;
        });
    }

    @Override
    public Map<String, SourceRecord> sources(String collection) {
        CollectionName.check(collection);
        return transaction(connection -> {
            Map<String, SourceRecord> found = new HashMap<>();
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT source, sha256, chunks, ingested_at FROM kb_sources WHERE collection = ?")) {
                select.setString(1, collection);
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        found.put(rows.getString(1), new SourceRecord(rows.getString(1), rows.getString(2), rows.getInt(3),
                                rows.getTimestamp(4).toInstant()));
                    }
                }
            }
            return found;
        });
    }

    @Override
    public void replaceSource(String collection, SourceRecord source, List<TextSegment> chunks, List<Embedding> embeddings) {
        CollectionName.check(collection);
        transaction(connection -> {
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO kb_collections (name) VALUES (?) ON CONFLICT (name) DO NOTHING")) {
                insert.setString(1, collection);
                insert.executeUpdate();
            }
            JdbcEmbeddingStore store = new JdbcEmbeddingStore(connection, collection);
            store.removeAll(metadataKey(Chunks.SOURCE).isEqualTo(source.source()));
            store.addAll(store.generateIds(chunks.size()), embeddings, chunks);
            try (PreparedStatement upsert = connection.prepareStatement(
                    "INSERT INTO kb_sources (collection, source, sha256, chunks, ingested_at) VALUES (?, ?, ?, ?, ?) "
                            + "ON CONFLICT (collection, source) DO UPDATE SET sha256 = EXCLUDED.sha256, chunks = EXCLUDED.chunks, "
                            + "ingested_at = EXCLUDED.ingested_at")) {
                upsert.setString(1, collection);
                upsert.setString(2, source.source());
                upsert.setString(3, source.sha256());
                upsert.setInt(4, source.chunks());
                upsert.setTimestamp(5, Timestamp.from(source.ingestedAt()));
                upsert.executeUpdate();
            }
            bump(connection, collection);
            return null;
        });
    }

    @Override
    public boolean removeSource(String collection, String source) {
        CollectionName.check(collection);
        return transaction(connection -> {
            int removed;
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM kb_sources WHERE collection = ? AND source = ?")) {
                delete.setString(1, collection);
                delete.setString(2, source);
                removed = delete.executeUpdate();
            }
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM kb_chunks WHERE collection = ? AND source = ?")) {
                delete.setString(1, collection);
                delete.setString(2, source);
                delete.executeUpdate();
            }
            bump(connection, collection);
            return removed > 0;
        });
    }

    @Override
    public List<EmbeddingMatch<TextSegment>> search(String collection, Embedding query, int k, Filter filter) {
        CollectionName.check(collection);
        return transaction(connection -> {
            long generation;
            try (PreparedStatement select = connection.prepareStatement("SELECT generation FROM kb_collections WHERE name = ?")) {
                select.setString(1, collection);
                try (ResultSet rows = select.executeQuery()) {
                    if (!rows.next()) {
                        return List.of();
                    }
                    generation = rows.getLong(1);
                }
            }
            Cached cached = indexes.get(collection);
            if (cached == null || cached.generation() != generation) {
                cached = new Cached(generation, new JdbcEmbeddingStore(connection, collection).index());
                indexes.put(collection, cached);
            }
            return cached.index().search(query, k, filter);
        });
    }

    @Override
    public boolean drop(String collection) {
        CollectionName.check(collection);
        return transaction(connection -> {
            indexes.remove(collection);
            try (PreparedStatement delete = connection.prepareStatement("DELETE FROM kb_collections WHERE name = ?")) {
                delete.setString(1, collection);
                return delete.executeUpdate() > 0;
            }
        });
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // Closing a connection that failed: nothing more to release.
            }
            connection = null;
        }
    }

    private static void bump(Connection connection, String collection) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE kb_collections SET generation = generation + 1 WHERE name = ?")) {
            update.setString(1, collection);
            update.executeUpdate();
        }
    }

    /** Runs {@code work} in one transaction on the store's connection, reconnecting when it was lost. */
    private synchronized <T> T transaction(Work<T> work) {
        try {
            if (connection == null || !connection.isValid(2)) {
                close();
                connection = connector.connect();
                connection.setAutoCommit(false);
            }
            T result = work.run(connection);
            connection.commit();
            return result;
        } catch (SQLException | JdbcEmbeddingStore.JdbcFailure e) {
            rollback();
            SQLException cause = e instanceof SQLException sql ? sql : (SQLException) e.getCause();
            throw LoupeException.unavailable("knowledge base in " + where + ": " + scrub(cause.getMessage()), null);
        } catch (RuntimeException e) {
            rollback();
            throw e;
        }
    }

    private void rollback() {
        try {
            if (connection != null) {
                connection.rollback();
            }
        } catch (SQLException ignored) {
            // The connection is broken; the next transaction reconnects.
        }
    }

    private String scrub(String message) {
        String text = message == null ? "database error" : message;
        return secret.map(value -> text.replace(value, "***")).orElse(text);
    }
}
