package dev.loupe.checkpoint;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What differs between SQLite and PostgreSQL for Loupe's store. The SQL itself is shared (both
 * accept {@code INSERT … ON CONFLICT}); only transaction start and write serialisation differ.
 */
enum Dialect {
    /**
     * Transactions start with {@code BEGIN IMMEDIATE}: the write lock is taken at once (waiting up to
     * {@code busy_timeout}), so a reader never has to upgrade to a writer mid-transaction, which is
     * where SQLite would fail with SQLITE_BUSY instead of waiting.
     */
    SQLITE("db/sqlite/") {
        @Override
        void begin(Connection connection) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                statement.execute("BEGIN IMMEDIATE");
            }
        }

        @Override
        void commit(Connection connection) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                statement.execute("COMMIT");
            }
        }

        @Override
        void rollback(Connection connection) throws SQLException {
            if (!connection.getAutoCommit()) {
                connection.rollback();
                return;
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute("ROLLBACK");
            } catch (SQLException notInTransaction) {
                // BEGIN itself failed (busy): there is nothing to roll back.
            }
        }

        @Override
        void lockKey(Connection connection, String key) {
            // BEGIN IMMEDIATE already serialises every writer of the file.
        }
    },

    /** Plain JDBC transactions; writers of one key serialise on a transaction-scoped advisory lock. */
    POSTGRES("db/postgres/") {
        @Override
        void begin(Connection connection) throws SQLException {
            connection.setAutoCommit(false);
        }

        @Override
        void commit(Connection connection) throws SQLException {
            connection.commit();
            connection.setAutoCommit(true);
        }

        @Override
        void rollback(Connection connection) throws SQLException {
            if (!connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        }

        @Override
        void lockKey(Connection connection, String key) throws SQLException {
            try (PreparedStatement lock = connection.prepareStatement(
                    "SELECT pg_advisory_xact_lock(hashtext(?))")) {
                lock.setString(1, key);
                lock.execute();
            }
        }
    };

    private final String migrationFolder;

    Dialect(String migrationFolder) {
        this.migrationFolder = migrationFolder;
    }

    /** Class-path folder of this dialect's script index and of the {@code V<n>__name.sql} scripts it alone runs. */
    String migrationFolder() {
        return migrationFolder;
    }

    abstract void begin(Connection connection) throws SQLException;

    abstract void commit(Connection connection) throws SQLException;

    abstract void rollback(Connection connection) throws SQLException;

    /** Serialises writers of one key (a thread id, the schema) until the transaction ends. */
    abstract void lockKey(Connection connection, String key) throws SQLException;
}
