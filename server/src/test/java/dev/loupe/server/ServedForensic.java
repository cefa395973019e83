package dev.loupe.server;

import dev.loupe.Loupe;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;

/**
 * The bundled forensic graph served for a test class: one {@link Loupe} behind a {@link LoupeServer}
 * on a free port, and a client carrying the configuration's token. Register it as a static field with
 * {@code @RegisterExtension}; it starts before the class's {@code @BeforeAll} methods and closes after
 * its tests.
 */
final class ServedForensic implements BeforeAllCallback, AfterAllCallback {

    private final ServerConfig config;
    private final boolean mcp;
    private Loupe loupe;
    private LoupeServer server;
    private ServerClient client;

    /** {@code config} on a free port, without the MCP endpoint. */
    ServedForensic(ServerConfig config) {
        this(config, false);
    }

    ServedForensic(ServerConfig config, boolean mcp) {
        this.config = config.withPort(0);
        this.mcp = mcp;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        loupe = Loupe.builder().graph("forensic").build();
        server = LoupeServer.start(config, List.of(loupe), mcp);
        client = new ServerClient(server, config.apiToken().orElse(null));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        server.close();
        loupe.close();
    }

    Loupe loupe() {
        return loupe;
    }

    LoupeServer server() {
        return server;
    }

    /** A client with the configuration's token, if it has one. */
    ServerClient client() {
        return client;
    }
}
