package dev.loupe.checkpoint;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** A real PostgreSQL server for one test class, handing out empty databases. */
final class EmbeddedPostgresServer implements AutoCloseable {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    private final EmbeddedPostgres server;

    private EmbeddedPostgresServer(EmbeddedPostgres server) {
        this.server = server;
    }

    static EmbeddedPostgresServer start() throws IOException {
        return new EmbeddedPostgresServer(EmbeddedPostgres.start());
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
