package dev.loupe.logging;

import dev.loupe.core.LoupeException;

import java.util.Locale;

/** How log lines are written: readable text, or one JSON object per line. */
public enum LogFormat {
    TEXT, JSON;

    /** The environment variable that chooses the format when no option does. */
    public static final String ENVIRONMENT = "LOUPE_LOG_FORMAT";

    /** {@code text} or {@code json}, in any case; anything else is bad input naming both. */
    public static LogFormat parse(String value) {
        String name = value == null ? "" : value.strip().toUpperCase(Locale.ROOT);
        for (LogFormat format : values()) {
            if (format.name().equals(name)) {
                return format;
            }
        }
        throw LoupeException.badInput("unknown log format '" + value + "'; use text or json");
    }
}
