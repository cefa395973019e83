package dev.loupe.checkpoint;

import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresGraphDurabilityTest extends GraphDurabilityContract {

    @RegisterExtension
    static final EmbeddedPostgresServer server = new EmbeddedPostgresServer();

    @Override
    StoreLocation location() {
        return server.database();
    }
}
