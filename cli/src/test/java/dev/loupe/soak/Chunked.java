package dev.loupe.soak;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/** Reads an HTTP/1.1 response body to its end, undoing chunked transfer coding when the headers say so. */
final class Chunked {

    private Chunked() {
    }

    static byte[] body(InputStream in, String headers) throws IOException {
        byte[] raw = in.readAllBytes();
        if (!headers.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
            return raw;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int pos = 0;
        while (pos < raw.length) {
            int lineEnd = indexOfCrlf(raw, pos);
            if (lineEnd < 0) {
                break;
            }
            String sizeText = new String(raw, pos, lineEnd - pos, java.nio.charset.StandardCharsets.US_ASCII).split(";")[0].strip();
            int size = sizeText.isEmpty() ? 0 : Integer.parseInt(sizeText, 16);
            pos = lineEnd + 2;
            if (size == 0) {
                break;
            }
            int available = Math.min(size, raw.length - pos);
            out.write(raw, pos, available);
            pos += size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOfCrlf(byte[] data, int from) {
        for (int i = from; i + 1 < data.length; i++) {
            if (data[i] == '\r' && data[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
