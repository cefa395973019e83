package dev.loupe.checkpoint;

import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresCheckpointSaverContractTest extends CheckpointSaverContract {

    @RegisterExtension
    static final EmbeddedPostgresServer server = new EmbeddedPostgresServer();

    private LoupeStore store;

    @Override
    BaseCheckpointSaver newSaver() {
        store = LoupeStore.open(server.database(), StateFixtures.serializer());
        return store.saver();
    }

    @AfterEach
    void closeStore() {
        store.close();
    }
}
