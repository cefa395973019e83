package dev.loupe.checkpoint;

import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresThreadStoreContractTest extends ThreadStoreContract {

    @RegisterExtension
    static final EmbeddedPostgresServer server = new EmbeddedPostgresServer();

    @Override
    StoreLocation emptyLocation() throws Exception {
        return server.newDatabase();
    }
}
