package dev.loupe.mcp;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpTransportException;

import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * Why a call to an MCP server failed, and whether another attempt may help: a timeout or a broken
 * transport may (the server is restarted), an error the server answered with, or an answer that is
 * not MCP, will not.
 */
final class McpFailure extends Exception {

    private final boolean retryable;

    McpFailure(String message, boolean retryable, Throwable cause) {
        super(message, cause);
        this.retryable = retryable;
    }

    boolean retryable() {
        return retryable;
    }

    static McpFailure of(McpServerSpec server, RuntimeException error) {
        String prefix = "MCP server '" + server.name() + "' ";
        if (has(error, TimeoutException.class)) {
            return new McpFailure(prefix + "did not answer within " + server.timeout().toMillis() / 1000.0 + " s", true, error);
        }
        if (has(error, IOException.class) || has(error, McpTransportException.class)) {
            return new McpFailure(prefix + "connection failed: " + describe(error), true, error);
        }
        if (error instanceof McpError mcp && mcp.getJsonRpcError() != null) {
            return new McpFailure(prefix + "answered with an error: " + mcp.getJsonRpcError().message(), false, error);
        }
        return new McpFailure(prefix + "gave an answer that is not a valid tool result: " + describe(error), false, error);
    }

    /** The innermost message of {@code error}, on one line. */
    static String describe(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    private static boolean has(Throwable error, Class<? extends Throwable> type) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
