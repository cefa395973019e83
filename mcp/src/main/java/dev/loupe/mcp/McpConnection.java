package dev.loupe.mcp;

import dev.loupe.core.LoupeException;
import dev.loupe.core.LoupeVersion;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live client of one MCP server. It starts the server on first use; a call that times out or
 * loses its transport takes the server for dead and closes it, and the next call starts it again —
 * once: a server that dies again before answering any call after its restart stays down, so a
 * crash-looping server costs each analysis one error result, not a restart per call. Thread-safe:
 * the parallel tool calls of a turn share one client.
 */
final class McpConnection implements AutoCloseable {

    private final java.util.concurrent.locks.ReentrantLock calls = new java.util.concurrent.locks.ReentrantLock(true);
    private static final Logger LOG = LoggerFactory.getLogger(McpConnection.class);
    /** Starting takes longer than answering: a JVM, or npx fetching a package, may need this long. */
    private static final Duration MIN_START_TIMEOUT = Duration.ofSeconds(30);

    private final McpServerSpec spec;
    /** Clients whose server process exited: their calls failed because it died, which a restart may mend. */
    private final Set<McpAsyncClient> exited = ConcurrentHashMap.newKeySet();
    private McpAsyncClient client;
    private McpSchema.Implementation serverInfo;
    private boolean started;
    private boolean restartedWithoutSuccess;
    private String downReason;

    McpConnection(McpServerSpec spec) {
        this.spec = spec;
    }

    McpServerSpec spec() {
        return spec;
    }

    /** Every tool the server offers (all pages), starting it if needed. */
    List<McpSchema.Tool> tools() {
        McpAsyncClient live = live();
        List<McpSchema.Tool> tools = new ArrayList<>();
        String cursor = null;
        try {
            do {
                McpSchema.ListToolsResult page = (cursor == null ? live.listTools() : live.listTools(cursor))
                        .timeout(startTimeout()).block();
                if (page.tools() != null) {
                    tools.addAll(page.tools());
                }
                cursor = page.nextCursor();
            } while (cursor != null && !cursor.isEmpty());
        } catch (RuntimeException e) {
            discard(live);
            throw unavailable("did not list its tools: " + McpFailure.describe(e), e);
        }
        return tools;
    }

    /** The server's name and version as it announced them, once started. */
    synchronized String serverVersion() {
        return serverInfo == null ? "unknown" : serverInfo.name() + "/" + serverInfo.version();
    }

    /**
     * Calls {@code tool}. A transport failure or a timeout closes the connection and comes out as a
     * {@link McpFailure} that says another attempt may succeed; an error the server answered with
     * does not.
     */
    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) throws McpFailure {
        McpAsyncClient live;
        try {
            live = live();
        } catch (LoupeException e) {
            throw new McpFailure(e.getMessage(), false, e);
        }
        try {
            McpSchema.CallToolResult result;
            // One call at a time per server: the SDK's stdio transport refuses a message sent while
            // another is being sent ("Failed to enqueue message"), which would look like a dead server.
            calls.lock();
            try {
                result = live.callTool(new McpSchema.CallToolRequest(tool, arguments)).timeout(spec.timeout()).block();
            } finally {
                calls.unlock();
            }
            synchronized (this) {
                restartedWithoutSuccess = false;
            }
            return result;
        } catch (RuntimeException e) {
            McpFailure failure = exited.contains(live)
                    ? new McpFailure("MCP server '" + spec.name() + "' exited during the call", true, e)
                    : McpFailure.of(spec, e);
            if (failure.retryable()) {
                discard(live);
            }
            throw failure;
        }
    }

    private synchronized McpAsyncClient live() {
        if (client != null) {
            return client;
        }
        if (downReason != null) {
            throw unavailable(downReason, null);
        }
        if (started) {
            if (restartedWithoutSuccess) {
                downReason = "died again after a restart; its tools stay unavailable until Loupe restarts";
                throw unavailable(downReason, null);
            }
            restartedWithoutSuccess = true;
            LOG.warn("MCP server '{}' stopped answering; restarting it", spec.name());
        }
        boolean restart = started;
        started = true;
        McpClientTransport transport = transport();
        // The SDK's own timeouts are the generous start timeout; each call is bounded by the server's timeout below.
        McpAsyncClient fresh = McpClient.async(transport)
                .requestTimeout(startTimeout())
                .initializationTimeout(startTimeout())
                .clientInfo(new McpSchema.Implementation("loupe", LoupeVersion.get()))
                .jsonSchemaValidator(McpJson.VALIDATOR)
                // Structured results are checked against the tool's output schema: a malformed one is an error.
                .enableCallToolSchemaCaching(true)
                .build();
        try {
            serverInfo = fresh.initialize().timeout(startTimeout()).block().serverInfo();
        } catch (RuntimeException e) {
            fresh.close();
            throw unavailable((restart ? "did not start again: " : "did not start: ") + McpFailure.describe(e), e);
        }
        client = fresh;
        if (transport instanceof StdioClientTransport stdio) {
            watchForExit(stdio, fresh);
        }
        return fresh;
    }

    /**
     * Ends the calls in flight as soon as the server process exits, rather than when they time out:
     * closing the client fails its pending requests, and the next call starts the server again.
     */
    private void watchForExit(StdioClientTransport stdio, McpAsyncClient watched) {
        Thread watcher = new Thread(() -> {
            try {
                stdio.awaitForExit();
            } catch (RuntimeException e) {
                return;
            }
            exited.add(watched);
            discard(watched);
        }, "loupe-mcp-" + spec.name() + "-exit");
        watcher.setDaemon(true);
        watcher.start();
    }

    private Duration startTimeout() {
        return spec.timeout().compareTo(MIN_START_TIMEOUT) > 0 ? spec.timeout() : MIN_START_TIMEOUT;
    }

    private McpClientTransport transport() {
        if (spec.stdio() != null) {
            ProgramPath.check(spec.stdio().command()).ifPresent(problem -> {
                throw unavailable("did not start: " + problem, null);
            });
            ServerParameters parameters = ServerParameters.builder(spec.stdio().command())
                    .args(spec.stdio().args()).env(spec.stdio().env()).build();
            StdioClientTransport stdio = new StdioClientTransport(parameters, McpJson.MAPPER);
            // The server's own log lines: kept out of Loupe's output, available when debugging.
            stdio.setStdErrorHandler(line -> LOG.debug("{}: {}", spec.name(), line));
            return stdio;
        }
        URI url = URI.create(spec.http().url());
        String base = url.getScheme() + "://" + url.getRawAuthority();
        String endpoint = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        if (url.getRawQuery() != null) {
            endpoint += "?" + url.getRawQuery();
        }
        return HttpClientStreamableHttpTransport.builder(base)
                .endpoint(endpoint)
                .jsonMapper(McpJson.MAPPER)
                .connectTimeout(spec.timeout())
                .customizeRequest(request -> spec.http().headers().forEach(request::header))
                .build();
    }

    private LoupeException unavailable(String reason, Throwable cause) {
        return LoupeException.unavailable("MCP server '" + spec.name() + "' (" + spec.describe() + ") " + reason, cause);
    }

    /** Closes {@code dead} if it is still the current client, so that the next call starts a new one. */
    private void discard(McpAsyncClient dead) {
        synchronized (this) {
            if (client != dead) {
                return;
            }
            client = null;
        }
        closeQuietly(dead);
    }

    private static void closeQuietly(McpAsyncClient client) {
        try {
            client.closeGracefully().timeout(Duration.ofSeconds(5)).block();
        } catch (RuntimeException e) {
            client.close();
        }
    }

    @Override
    public void close() {
        McpAsyncClient open;
        synchronized (this) {
            open = client;
            client = null;
            downReason = "was closed";
        }
        if (open != null) {
            closeQuietly(open);
        }
    }
}
