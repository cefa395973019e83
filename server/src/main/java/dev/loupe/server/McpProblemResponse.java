package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The MCP transport's response, with its errors turned into problem details. The transport answers
 * a request it refuses with {@code sendError} (the container's HTML page) or with its exception
 * serialized as JSON, stack trace and all; here an error status holds back what the transport writes,
 * and {@link #finish} sends a problem instead, its detail the transport's one-line message. The
 * transport's {@code Access-Control-Allow-Origin: *} is dropped: pages elsewhere get no answers.
 */
final class McpProblemResponse extends HttpServletResponseWrapper {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_DETAIL = 200;

    private int errorStatus;
    private String errorMessage;
    private final ByteArrayOutputStream held = new ByteArrayOutputStream();
    private PrintWriter heldWriter;

    McpProblemResponse(HttpServletResponse response) {
        super(response);
    }

    @Override
    public void setStatus(int status) {
        if (status >= 400) {
            errorStatus = status;
        } else {
            super.setStatus(status);
        }
    }

    @Override
    public void sendError(int status, String message) {
        errorStatus = status;
        errorMessage = message;
    }

    @Override
    public void sendError(int status) {
        sendError(status, null);
    }

    @Override
    public void setHeader(String name, String value) {
        if (!"Access-Control-Allow-Origin".equalsIgnoreCase(name)) {
            super.setHeader(name, value);
        }
    }

    @Override
    public void addHeader(String name, String value) {
        if (!"Access-Control-Allow-Origin".equalsIgnoreCase(name)) {
            super.addHeader(name, value);
        }
    }

    @Override
    public void flushBuffer() throws IOException {
        if (errorStatus == 0) {
            super.flushBuffer();
        }
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (errorStatus == 0) {
            return super.getOutputStream();
        }
        return new ServletOutputStream() {
            @Override
            public void write(int b) {
                held.write(b);
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
                throw new IllegalStateException("an error answer is held back, not written");
            }
        };
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (errorStatus == 0) {
            return super.getWriter();
        }
        if (heldWriter == null) {
            heldWriter = new PrintWriter(new OutputStreamWriter(held, StandardCharsets.UTF_8));
        }
        return heldWriter;
    }

    /** Sends the transport's error, if it answered with one, as a problem for a request to {@code instance}. */
    void finish(String instance) throws IOException {
        if (errorStatus == 0) {
            return;
        }
        if (heldWriter != null) {
            heldWriter.flush();
        }
        HttpServletResponse response = (HttpServletResponse) getResponse();
        if (response.isCommitted()) {
            return;
        }
        HttpProblem.ofStatus(errorStatus, detail()).send(response, instance);
    }

    /** The transport's own message, on one line and short; never its stack trace. */
    private String detail() {
        String message = errorMessage;
        if (message == null && held.size() > 0) {
            try {
                JsonNode error = JSON.readTree(held.toByteArray());
                message = error.path("message").isTextual() ? error.path("message").asText()
                        : error.path("error").path("message").asText(null);
            } catch (IOException e) {
                message = null;
            }
        }
        if (message == null || message.isBlank()) {
            return "the MCP transport refused the request (HTTP " + errorStatus + ")";
        }
        String line = message.strip().lines().findFirst().orElse("");
        return "the MCP transport refused the request: " + (line.length() > MAX_DETAIL ? line.substring(0, MAX_DETAIL) + "…" : line);
    }
}
