package dev.loupe.eval;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Streams the lines of a file with their byte offsets and whether a newline ended them, which a
 * {@link java.io.BufferedReader} hides and crash recovery needs. Memory use is one line.
 */
final class JsonLinesScanner {

    /** Receives each line; {@code terminated} is false only for a last line with no newline. */
    interface Visitor {
        void line(int number, long offset, String text, boolean terminated);
    }

    private JsonLinesScanner() {
    }

    static void scan(Path file, Visitor visitor) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(1024);
            long offset = 0;
            long lineStart = 0;
            int number = 1;
            int b;
            while ((b = in.read()) >= 0) {
                offset++;
                if (b == '\n') {
                    visitor.line(number++, lineStart, line.toString(StandardCharsets.UTF_8), true);
                    line.reset();
                    lineStart = offset;
                } else {
                    line.write(b);
                }
            }
            if (line.size() > 0) {
                visitor.line(number, lineStart, line.toString(StandardCharsets.UTF_8), false);
            }
        }
    }
}
