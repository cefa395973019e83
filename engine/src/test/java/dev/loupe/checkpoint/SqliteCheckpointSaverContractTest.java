package dev.loupe.checkpoint;

import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqliteCheckpointSaverContractTest extends CheckpointSaverContract {

    @TempDir
    Path folder;
    private LoupeStore store;

    @Override
    BaseCheckpointSaver newSaver() {
        store = LoupeStore.open(new StoreLocation.Sqlite(folder.resolve("loupe.db")), StateFixtures.serializer());
        return store.saver();
    }

    @AfterEach
    void closeStore() {
        store.close();
    }
}
