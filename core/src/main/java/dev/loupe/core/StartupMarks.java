package dev.loupe.core;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;

/**
 * Where a cold process' wall time goes: with {@code -Dloupe.startup.marks=true} (e.g. through
 * {@code LOUPE_JAVA_OPTS}), each {@link #mark} prints one line to standard error with the
 * milliseconds since the JVM started, the thread and what was reached. Off, a mark costs one
 * static read. The lines are a measuring aid for the cold-start timeline, not a log.
 */
public final class StartupMarks {

    private static final boolean ON = Boolean.getBoolean("loupe.startup.marks");

    /**
     * The JVM's start, read once when marks are on (the JVM's own clock: the process' start time
     * from {@code /proc} is only as exact as the boot time's whole seconds).
     */
    private static final Instant START = ON ? Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime()) : null;

    private StartupMarks() {
    }

    /** Prints {@code what} with the time since the process started, when marks are on. */
    public static void mark(String what) {
        if (ON) {
            PrintStream err = System.err;
            err.printf("startup %6d ms [%s] %s%n", Duration.between(START, Instant.now()).toMillis(),
                    Thread.currentThread().getName(), what);
        }
    }
}
