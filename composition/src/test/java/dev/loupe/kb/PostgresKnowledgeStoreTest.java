package dev.loupe.kb;

import dev.loupe.checkpoint.StoreLocation;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The contract on PostgreSQL tables (an embedded server, no pgvector), and that two processes see each other's writes. */
class PostgresKnowledgeStoreTest extends KnowledgeStoreContract {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedPostgres server;
    private StoreLocation.Postgres location;

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @Override
    protected KnowledgeStore open() throws Exception {
        String name = "kb_" + DATABASES.incrementAndGet();
        try (Connection connection = server.getPostgresDatabase().getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        location = new StoreLocation.Postgres("jdbc:postgresql://localhost:" + server.getPort() + "/" + name,
                Optional.of("postgres"), Optional.empty());
        return PostgresKnowledgeStore.open(location);
    }

    @Test
    void a_search_sees_what_another_connection_ingested_since_the_last_search() {
        put(store, "guide", "/docs/a.md", "h1", 1);
        assertEquals(1, store.search("guide", axis(1, 0), 5, null).size());

        try (KnowledgeStore other = PostgresKnowledgeStore.open(location)) {
            put(other, "guide", "/docs/b.md", "h2", 2);
        }

        assertEquals(List.of("text on axis 1", "text on axis 2"),
                store.search("guide", axis(1, 0), 5, null).stream().map(m -> m.embedded().text()).toList());
    }

    @Test
    void an_unreachable_server_is_unavailable_without_the_password_in_the_message() {
        var unreachable = new StoreLocation.Postgres("jdbc:postgresql://127.0.0.1:1/kb", Optional.of("u"), Optional.of("s3cret-pw"));

        var error = org.junit.jupiter.api.Assertions.assertThrows(dev.loupe.core.LoupeException.class,
                () -> PostgresKnowledgeStore.open(unreachable));

        assertEquals(dev.loupe.core.LoupeException.Kind.UNAVAILABLE, error.kind());
        org.junit.jupiter.api.Assertions.assertFalse(error.getMessage().contains("s3cret-pw"));
    }
}
