package dev.loupe.checkpoint;

import dev.loupe.core.LoupeException;
import org.sqlite.SQLiteConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * An open SQLite or PostgreSQL database with its schema migrated: a tiny connection pool plus the
 * two ways Loupe touches it, a plain read and a write inside a transaction.
 */
final class Database implements AutoCloseable {

    private static final int SQLITE_BUSY_TIMEOUT_MS = 30_000;
    private static final int SQLITE_POOL_SIZE = 4;
    private static final int POSTGRES_POOL_SIZE = 8;

    private final Dialect dialect;
    private final String description;
    private final String secret;
    private final ConnectionPool.Opener opener;
    private final ConnectionPool pool;
    private final List<String> appliedMigrations;

    private Database(Dialect dialect, String description, String secret, ConnectionPool.Opener opener, int poolSize) {
        this(dialect, description, secret, opener, poolSize, true);
    }

    private Database(Dialect dialect, String description, String secret, ConnectionPool.Opener opener, int poolSize,
                     boolean keepIdle) {
        this.dialect = dialect;
        this.description = description;
        this.secret = secret;
        this.opener = opener;
        this.pool = new ConnectionPool(opener, poolSize, keepIdle);
        try {
            this.appliedMigrations = write(connection -> new SchemaMigrator(dialect).migrate(connection));
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    /** Opens (creating if needed) a SQLite file in WAL mode and migrates its schema. */
    static Database open(StoreLocation.Sqlite location) {
        SqliteLibrary.prepare();
        SqliteFileCheck.check(location.file());
        try {
            Files.createDirectories(location.file().getParent());
        } catch (IOException e) {
            throw LoupeException.unavailable("Cannot create the folder of " + location.file() + " (" + dev.loupe.core.Causes.of(e) + ")", e);
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(SQLITE_BUSY_TIMEOUT_MS);
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        String url = "jdbc:sqlite:" + location.file();
        return new Database(Dialect.SQLITE, "SQLite store " + location.file(), null,
                () -> config.createConnection(url), SQLITE_POOL_SIZE);
    }

    /** Connects to PostgreSQL with the location's credentials and migrates the schema. */
    static Database open(StoreLocation.Postgres location) {
        Properties properties = new Properties();
        location.user().ifPresent(user -> properties.setProperty("user", user));
        location.password().ifPresent(password -> properties.setProperty("password", password));
        return new Database(Dialect.POSTGRES, "PostgreSQL store " + location.redactedUrl(),
                location.password().orElse(null),
                () -> DriverManager.getConnection(location.url(), properties), POSTGRES_POOL_SIZE);
    }

    /**
     * Uses the host's pool: each unit of work takes a connection from it and closes it at once, which
     * gives it back, so Loupe holds none of the pool's connections between uses.
     */
    static Database open(StoreLocation.Hosted location) {
        DataSource source = location.dataSource();
        try (Connection connection = source.getConnection()) {
            String product = connection.getMetaData().getDatabaseProductName();
            if (!"PostgreSQL".equalsIgnoreCase(product)) {
                throw LoupeException.badInput("A host's DataSource store must be PostgreSQL; this one is " + product
                        + ": pass a SQLite file as StoreLocation.parse(path) instead");
            }
        } catch (SQLException e) {
            throw LoupeException.unavailable("The host's DataSource gave no connection (" + e.getMessage() + ")", e);
        }
        return new Database(Dialect.POSTGRES, "PostgreSQL store (the host's DataSource)", null, source::getConnection,
                POSTGRES_POOL_SIZE, false);
    }

    Dialect dialect() {
        return dialect;
    }

    /** Names of the migration scripts this open applied (empty when the schema was current). */
    List<String> appliedMigrations() {
        return appliedMigrations;
    }

    /** Runs work outside any explicit transaction (each statement commits on its own). */
    <T> T read(SqlWork<T> work) {
        Connection connection = borrow();
        boolean broken = false;
        try {
            return work.run(connection);
        } catch (SQLException e) {
            broken = true;
            throw failure(e);
        } finally {
            pool.giveBack(connection, broken);
        }
    }

    /** Runs work in one transaction: committed if it returns, rolled back if it throws. */
    <T> T write(SqlWork<T> work) {
        Connection connection = borrow();
        boolean broken = false;
        try {
            dialect.begin(connection);
            T result = work.run(connection);
            dialect.commit(connection);
            return result;
        } catch (SQLException e) {
            broken = !rollback(connection);
            throw failure(e);
        } catch (RuntimeException e) {
            broken = !rollback(connection);
            throw e;
        } finally {
            pool.giveBack(connection, broken);
        }
    }

    /** A fresh physical connection, for measuring what the pool saves. */
    Connection openUnpooled() throws SQLException {
        return opener.open();
    }

    private boolean rollback(Connection connection) {
        try {
            dialect.rollback(connection);
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    private Connection borrow() {
        try {
            return pool.borrow();
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private LoupeException failure(SQLException e) {
        SQLException clean = secret == null ? e : Redaction.scrub(e, secret);
        String message = clean.getMessage() == null ? clean.getClass().getSimpleName() : clean.getMessage();
        return LoupeException.unavailable(description + ": " + message, clean);
    }

    @Override
    public void close() {
        pool.close();
    }

    @Override
    public String toString() {
        return description;
    }
}
