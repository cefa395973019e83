package dev.loupe.checkpoint;

import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

class PostgresCheckpointSaverContractTest extends CheckpointSaverContract {

    private static EmbeddedPostgresServer server;
    private static StoreLocation.Postgres database;
    private LoupeStore store;

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
    BaseCheckpointSaver newSaver() {
        store = LoupeStore.open(database, StateFixtures.serializer());
        return store.saver();
    }

    @AfterEach
    void closeStore() {
        store.close();
    }
}
