package dev.loupe.logging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Standard error captured while it is open, optionally with the log format set to JSON from info up;
 * closing it puts both back. The log backend looks standard error up at each line, so it writes here.
 */
public final class CapturedErr implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final PrintStream original = System.err;
    private final LogFormat format = LogSettings.format();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private CapturedErr(boolean json) {
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        if (json) {
            LogSettings.useFormat(LogFormat.JSON);
            LogSettings.useDefaultLevel(org.slf4j.event.Level.INFO);
        }
    }

    /** Standard error captured, with JSON lines from info up until it is closed. */
    public static CapturedErr json() {
        return new CapturedErr(true);
    }

    /** Standard error captured, the log settings left to the code under test (a command's --log-format). */
    public static CapturedErr asConfigured() {
        return new CapturedErr(false);
    }

    public String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Every line, each parsed as JSON; a line that is not JSON fails the test that reads it. */
    public List<JsonNode> jsonLines() {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : text().split("\\R")) {
            if (line.isBlank()) {
                continue;
            }
            try {
                lines.add(JSON.readTree(line));
            } catch (IOException e) {
                throw new UncheckedIOException("not a JSON log line: " + line, e);
            }
        }
        return lines;
    }

    @Override
    public void close() {
        System.setErr(original);
        LogSettings.useFormat(format);
        LogSettings.useDefaultLevel(null);
    }
}
