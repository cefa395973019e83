package dev.loupe.checkpoint;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class PostgresGraphDurabilityTest extends GraphDurabilityContract {

    private static EmbeddedPostgresServer server;
    private static StoreLocation.Postgres database;

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedPostgresServer.start();
        database = server.newDatabase();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @Override
    StoreLocation location() {
        return database;
    }
}
