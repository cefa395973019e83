package dev.loupe.logging;

import org.slf4j.event.Level;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The backend's settings: the format, and the level of each logger. Levels are read from
 * {@code simplelogger.properties} on the class path and from system properties, with slf4j-simple's
 * keys ({@code org.slf4j.simpleLogger.defaultLogLevel}, {@code org.slf4j.simpleLogger.log.NAME}), the
 * backend Loupe used before, so existing configurations and {@code -D} options keep working.
 */
public final class LogSettings {

    private static final String PREFIX = "org.slf4j.simpleLogger.";
    private static final String DEFAULT_LEVEL = PREFIX + "defaultLogLevel";
    private static final String LOGGER_LEVEL = PREFIX + "log.";
    /** What a level name means in the configuration; {@code off} is above every level. */
    private static final int OFF = Integer.MAX_VALUE;

    private static final Properties FILE = readFile();
    private static final Map<String, Integer> THRESHOLDS = new ConcurrentHashMap<>();
    private static volatile LogFormat format = initialFormat();
    private static volatile Integer defaultOverride;

    private LogSettings() {
    }

    /** The format lines are written in from now on. */
    public static void useFormat(LogFormat value) {
        format = value;
    }

    public static LogFormat format() {
        return format;
    }

    /**
     * Lowers or raises the default level, for loggers without a level of their own ({@code info}
     * for a service whose requests should be seen); null returns to the configured one.
     */
    public static void useDefaultLevel(Level level) {
        defaultOverride = level == null ? null : level.toInt();
        THRESHOLDS.clear();
    }

    static boolean enabled(String logger, Level level) {
        return level.toInt() >= THRESHOLDS.computeIfAbsent(logger, LogSettings::threshold);
    }

    /** Where lines go: standard error, looked up at each line so that a redirected stream is followed. */
    static PrintStream out() {
        return System.err;
    }

    private static int threshold(String logger) {
        String name = logger;
        while (true) {
            String configured = setting(LOGGER_LEVEL + name);
            if (configured != null) {
                return parse(configured);
            }
            int dot = name.lastIndexOf('.');
            if (dot < 0) {
                break;
            }
            name = name.substring(0, dot);
        }
        if (defaultOverride != null) {
            return defaultOverride;
        }
        String configured = setting(DEFAULT_LEVEL);
        return configured == null ? Level.INFO.toInt() : parse(configured);
    }

    private static String setting(String key) {
        String value = System.getProperty(key);
        return value != null ? value : FILE.getProperty(key);
    }

    private static int parse(String level) {
        String name = level.strip().toUpperCase(Locale.ROOT);
        if (name.equals("OFF")) {
            return OFF;
        }
        try {
            return Level.valueOf(name).toInt();
        } catch (IllegalArgumentException e) {
            return Level.INFO.toInt();
        }
    }

    private static LogFormat initialFormat() {
        String value = System.getenv(LogFormat.ENVIRONMENT);
        try {
            return value == null || value.isBlank() ? LogFormat.TEXT : LogFormat.parse(value);
        } catch (RuntimeException e) {
            // The CLI reports the bad value in one line when it starts; logging must not fail before that.
            return LogFormat.TEXT;
        }
    }

    private static Properties readFile() {
        Properties properties = new Properties();
        try (InputStream in = LogSettings.class.getClassLoader().getResourceAsStream("simplelogger.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // No file is the same as an empty one: every logger at the default level.
        }
        return properties;
    }
}
