package dev.loupe.checkpoint;

import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class SqliteGraphDurabilityTest extends GraphDurabilityContract {

    @TempDir
    Path folder;

    @Override
    StoreLocation location() {
        return new StoreLocation.Sqlite(folder.resolve("loupe.db"));
    }
}
