package dev.loupe.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written by hand on a socket, for what real clients refuse to send: any {@code Host}
 * header, a body shorter than its {@code Content-Length}.
 */
final class RawHttp {

    /** A response as read from the socket: status, headers (names in lower case), body bytes. */
    record Response(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private RawHttp() {
    }

    /** Sends {@code head} (request line and headers, without the blank line) and {@code body}, and reads the whole answer. */
    static Response exchange(int port, String head, byte[] body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write((head + "\r\nConnection: close\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            out.write(body);
            out.flush();
            return read(socket.getInputStream());
        }
    }

    /** Sends {@code head} declaring a body of {@code length} bytes, sends none of it, and reads the answer. */
    static Response declaring(int port, String head, long length) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write((head + "\r\nConnection: close\r\nContent-Length: " + length + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return read(socket.getInputStream());
        }
    }

    /** A GET of {@code path} naming {@code host} in its {@code Host} header. */
    static Response get(int port, String path, String host) throws IOException {
        return exchange(port, "GET " + path + " HTTP/1.1\r\nHost: " + host, new byte[0]);
    }

    private static Response read(InputStream in) throws IOException {
        byte[] all = in.readAllBytes();
        int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        String[] lines = new String(all, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        byte[] body = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = unchunk(body);
        }
        return new Response(Integer.parseInt(lines[0].split(" ")[1]), headers, body);
    }

    private static byte[] unchunk(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < body.length) {
            int lineEnd = indexOf(java.util.Arrays.copyOfRange(body, at, body.length), "\r\n".getBytes(StandardCharsets.US_ASCII)) + at;
            int size = Integer.parseInt(new String(body, at, lineEnd - at, StandardCharsets.US_ASCII).split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            out.write(body, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (java.util.Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new IllegalStateException("no " + new String(needle, StandardCharsets.US_ASCII).replace("\r\n", "CRLF") + " in the answer");
    }
}
