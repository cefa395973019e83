package dev.loupe.tool;

/**
 * A tool failure that another attempt may not have: an I/O error, a timeout, a transport that broke
 * (an MCP server that died). {@link ToolExecutor} retries these, with backoff, as the graph's
 * {@link RetryPolicy} allows; every other failure, bad arguments above all, is answered at once.
 */
public class RetryableToolException extends Exception {

    public RetryableToolException(String message) {
        super(message);
    }

    public RetryableToolException(String message, Throwable cause) {
        super(message, cause);
    }
}
