package dev.loupe.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One client of the soak, speaking HTTP/1.1 over a plain socket so that it can do what well-behaved
 * clients never do: stop halfway through sending an upload, or hang up after the first event of a
 * stream. Every request closes its connection.
 */
final class SoakClient {

    /** What a client does with its request. */
    enum Behaviour {
        UPLOAD, STREAM, DISCONNECT_MID_UPLOAD, DISCONNECT_MID_STREAM
    }

    /** How a request ended, from the client's side. */
    enum Ending {
        /** A result (200, or a stream's final event). */
        COMPLETED,
        /** A problem response (or a stream's error event) with a status. */
        REFUSED,
        /** The client hung up on purpose. */
        DISCONNECTED,
        /** The connection broke under the client: the server was killed. */
        CONNECTION_LOST
    }

    /**
     * @param status the HTTP status (a stream's error event: the problem's), or 0 when none arrived
     * @param threadId the result's thread, when there is a result
     * @param streamStarted whether any event arrived: the analysis had begun
     */
    record Outcome(int index, Behaviour behaviour, String sha256, Ending ending, int status, String threadId,
                   boolean streamStarted) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern STATUS_IN_PROBLEM = Pattern.compile("\"status\"\\s*:\\s*(\\d{3})");
    private final int port;

    SoakClient(int port) {
        this.port = port;
    }

    Outcome send(int index, Behaviour behaviour, byte[] image, String sha256) {
        boolean stream = behaviour == Behaviour.STREAM || behaviour == Behaviour.DISCONNECT_MID_STREAM;
        String boundary = "soak-boundary-" + index;
        byte[] body = multipart(boundary, image, "request-" + index + ".jpg");
        byte[] head = ("POST /v1/analyze" + (stream ? "?stream=true" : "") + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: multipart/form-data; boundary=" + boundary + "\r\nContent-Length: " + body.length
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(180_000);
            OutputStream out = socket.getOutputStream();
            out.write(head);
            if (behaviour == Behaviour.DISCONNECT_MID_UPLOAD) {
                out.write(body, 0, body.length / 2);
                out.flush();
                return new Outcome(index, behaviour, sha256, Ending.DISCONNECTED, 0, null, false);
            }
            out.write(body);
            out.flush();
            InputStream in = socket.getInputStream();
            String headers = readHeaders(in);
            int status = Integer.parseInt(headers.substring(9, 12));
            if (behaviour == Behaviour.DISCONNECT_MID_STREAM && status == 200) {
                boolean started = readUntil(in, "event:");
                return new Outcome(index, behaviour, sha256, Ending.DISCONNECTED, status, null, started);
            }
            String text = new String(Chunked.body(in, headers), StandardCharsets.UTF_8);
            return stream && status == 200 ? streamed(index, behaviour, sha256, text) : answered(index, behaviour, sha256, status, text);
        } catch (IOException | RuntimeException e) {
            return new Outcome(index, behaviour, sha256, Ending.CONNECTION_LOST, 0, null, false);
        }
    }

    private static Outcome answered(int index, Behaviour behaviour, String sha256, int status, String text) throws IOException {
        if (status == 200) {
            JsonNode result = JSON.readTree(text);
            return new Outcome(index, behaviour, sha256, Ending.COMPLETED, status, result.path("thread_id").asText(null), false);
        }
        return new Outcome(index, behaviour, sha256, Ending.REFUSED, status, null, false);
    }

    private static Outcome streamed(int index, Behaviour behaviour, String sha256, String text) throws IOException {
        String finalData = null;
        String errorData = null;
        String event = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("event:")) {
                event = line.substring(6).strip();
            } else if (line.startsWith("data:") && "final".equals(event)) {
                finalData = line.substring(5).strip();
            } else if (line.startsWith("data:") && "error".equals(event)) {
                errorData = line.substring(5).strip();
            }
        }
        boolean started = text.contains("event:");
        if (finalData != null) {
            JsonNode result = JSON.readTree(finalData);
            JsonNode inner = result.has("result") ? result.path("result") : result;
            return new Outcome(index, behaviour, sha256, Ending.COMPLETED, 200, inner.path("thread_id").asText(null), started);
        }
        if (errorData != null) {
            Matcher status = STATUS_IN_PROBLEM.matcher(errorData);
            return new Outcome(index, behaviour, sha256, Ending.REFUSED, status.find() ? Integer.parseInt(status.group(1)) : 0,
                    null, started);
        }
        // The stream ended with neither a result nor an error: the connection was cut.
        return new Outcome(index, behaviour, sha256, Ending.CONNECTION_LOST, 200, null, started);
    }

    private static byte[] multipart(String boundary, byte[] image, String filename) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"" + filename
                + "\"\r\nContent-Type: image/jpeg\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        body.writeBytes(image);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return body.toByteArray();
    }

    private static String readHeaders(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while (matched < 4 && (b = in.read()) >= 0) {
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
        if (matched < 4) {
            throw new IOException("the connection closed before the response headers ended");
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static boolean readUntil(InputStream in, String marker) throws IOException {
        StringBuilder seen = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0) {
            seen.append((char) b);
            if (seen.indexOf(marker) >= 0) {
                return true;
            }
        }
        return false;
    }
}
