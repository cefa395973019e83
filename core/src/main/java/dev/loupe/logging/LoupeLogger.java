package dev.loupe.logging;

import org.slf4j.MDC;
import org.slf4j.Marker;
import org.slf4j.event.KeyValuePair;
import org.slf4j.event.Level;
import org.slf4j.event.LoggingEvent;
import org.slf4j.helpers.FormattingTuple;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.spi.LoggingEventAware;

import java.io.PrintStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A logger of {@link LoupeLoggerProvider}: checks its level, then writes one {@link LogLine} with
 * the thread's MDC context. It takes fluent-API events whole ({@link LoggingEventAware}) so their
 * key-value pairs become fields rather than text.
 */
final class LoupeLogger extends LegacyAbstractLogger implements LoggingEventAware {

    LoupeLogger(String name) {
        this.name = name;
    }

    private boolean enabled(Level level) {
        return LogSettings.enabled(name, level);
    }

    @Override
    public boolean isTraceEnabled() {
        return enabled(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return enabled(Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return enabled(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return enabled(Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return enabled(Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments, Throwable error) {
        write(level, MessageFormatter.basicArrayFormat(pattern, arguments), List.of(), error);
    }

    @Override
    public void log(LoggingEvent event) {
        if (!enabled(event.getLevel())) {
            return;
        }
        FormattingTuple message = MessageFormatter.arrayFormat(event.getMessage(), event.getArgumentArray(), event.getThrowable());
        Throwable error = event.getThrowable() != null ? event.getThrowable() : message.getThrowable();
        List<KeyValuePair> pairs = event.getKeyValuePairs() == null ? List.of() : event.getKeyValuePairs();
        write(event.getLevel(), message.getMessage(), pairs, error);
    }

    private void write(Level level, String message, List<KeyValuePair> pairs, Throwable error) {
        Map<String, Object> fields = new LinkedHashMap<>();
        Map<String, String> context = MDC.getCopyOfContextMap();
        if (context != null) {
            fields.putAll(new java.util.TreeMap<>(context));
        }
        for (KeyValuePair pair : pairs) {
            fields.put(pair.key, pair.value);
        }
        String line = new LogLine(Instant.now(), level, name, message == null ? "" : message, fields, error)
                .render(LogSettings.format());
        PrintStream out = LogSettings.out();
        // One println per line, so lines written from several threads do not interleave.
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
