package dev.loupe.checkpoint;

import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqliteThreadStoreContractTest extends ThreadStoreContract {

    @TempDir
    Path folder;

    @Override
    StoreLocation emptyLocation() {
        return new StoreLocation.Sqlite(folder.resolve("loupe.db"));
    }
}
