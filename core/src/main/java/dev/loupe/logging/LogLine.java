package dev.loupe.logging;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loupe.core.LogSecrets;
import org.slf4j.event.Level;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Map;

/**
 * One log event, rendered as text ({@code LEVEL logger - message}, with the stack trace when there
 * is an error) or as one JSON object: {@code timestamp}, {@code level}, {@code logger}, {@code message},
 * the MDC context and key-value pairs as fields, and {@code error}/{@code stack} for an exception.
 * Whatever the format, the rendering is redacted ({@link LogSecrets}).
 *
 * @param fields the MDC context, then the event's own key-value pairs (which win)
 */
record LogLine(Instant timestamp, Level level, String logger, String message, Map<String, Object> fields, Throwable error) {

    private static final JsonFactory JSON = new JsonFactory();

    String render(LogFormat format) {
        return LogSecrets.redact(format == LogFormat.JSON ? json() : text());
    }

    private String text() {
        StringBuilder line = new StringBuilder().append(level).append(' ').append(logger).append(" - ").append(message);
        if (error != null) {
            line.append(System.lineSeparator()).append(stack());
        }
        return line.toString();
    }

    private String json() {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("timestamp", timestamp.toString());
            json.writeStringField("level", level.toString());
            json.writeStringField("logger", logger);
            json.writeStringField("message", message);
            for (Map.Entry<String, Object> field : fields.entrySet()) {
                Object value = field.getValue();
                if (value instanceof Number number) {
                    json.writeFieldName(field.getKey());
                    writeNumber(json, number);
                } else if (value instanceof Boolean bool) {
                    json.writeBooleanField(field.getKey(), bool);
                } else {
                    json.writeStringField(field.getKey(), value == null ? null : value.toString());
                }
            }
            if (error != null) {
                json.writeStringField("error", error.getClass().getName() + ": " + error.getMessage());
                json.writeStringField("stack", stack());
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void writeNumber(JsonGenerator json, Number number) throws IOException {
        if (number instanceof Double || number instanceof Float) {
            json.writeNumber(number.doubleValue());
        } else {
            json.writeNumber(number.longValue());
        }
    }

    private String stack() {
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        return trace.toString().stripTrailing();
    }
}
