package dev.loupe.checkpoint;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

class PostgresThreadStoreContractTest extends ThreadStoreContract {

    private static EmbeddedPostgresServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = EmbeddedPostgresServer.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @Override
    StoreLocation emptyLocation() throws Exception {
        return server.newDatabase();
    }
}
