package dev.loupe.checkpoint;

import java.util.Locale;

/** Where an analysis thread stands. Stored lower-case, as the schema's CHECK constraint expects. */
public enum ThreadStatus {
    RUNNING, DONE, FAILED, INTERRUPTED;

    /** The stored spelling: {@code running}, {@code done}, {@code failed}, {@code interrupted}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status stored as {@code code}. */
    public static ThreadStatus ofCode(String code) {
        return valueOf(code.toUpperCase(Locale.ROOT));
    }
}
