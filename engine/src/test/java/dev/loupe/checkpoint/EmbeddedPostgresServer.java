package dev.loupe.checkpoint;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real PostgreSQL server for one test class, handing out empty databases. Register it as a static
 * field with {@code @RegisterExtension}: it starts before the class's tests and stops after them.
 */
final class EmbeddedPostgresServer implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    private EmbeddedPostgres server;
    private StoreLocation.Postgres database;

    /** A server that starts when the test class does. */
    EmbeddedPostgresServer() {
    }

    private EmbeddedPostgresServer(EmbeddedPostgres server) {
        this.server = server;
    }

    static EmbeddedPostgresServer start() throws IOException {
        return new EmbeddedPostgresServer(EmbeddedPostgres.start());
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        server = EmbeddedPostgres.start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        close();
    }

    /** The test class's own database, made empty on first use. */
    StoreLocation.Postgres database() {
        if (database == null) {
            try {
                database = newDatabase();
            } catch (SQLException e) {
                throw new IllegalStateException("the test class's database could not be made", e);
            }
        }
        return database;
    }

    /** A new, empty database on this server. */
    StoreLocation.Postgres newDatabase() throws SQLException {
        String name = "loupe_" + DATABASES.incrementAndGet();
        try (Connection connection = server.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        return new StoreLocation.Postgres(jdbcUrl(name), Optional.of("postgres"), Optional.empty());
    }

    String jdbcUrl(String database) {
        return "jdbc:postgresql://localhost:" + server.getPort() + "/" + database;
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
