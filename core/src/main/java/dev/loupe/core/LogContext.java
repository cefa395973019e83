package dev.loupe.core;

import org.slf4j.MDC;

import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The log context ({@link LogFields}) a piece of work runs in: set for a scope and restored after
 * it, and carried to the thread a task is handed to, since SLF4J's MDC belongs to one thread.
 */
public final class LogContext {

    private LogContext() {
    }

    /** A scope in which {@code key} is {@code value} (nothing changes for a null value); closing it restores the previous value. */
    public static Scope with(String key, String value) {
        if (value == null) {
            return () -> { };
        }
        String previous = MDC.get(key);
        MDC.put(key, value);
        return () -> {
            if (previous == null) {
                MDC.remove(key);
            } else {
                MDC.put(key, previous);
            }
        };
    }

    /** {@code task} to run on another thread in the context of the thread calling this. */
    public static Runnable carried(Runnable task) {
        Map<String, String> context = MDC.getCopyOfContextMap();
        return () -> {
            Map<String, String> before = MDC.getCopyOfContextMap();
            set(context);
            try {
                task.run();
            } finally {
                set(before);
            }
        };
    }

    /** As {@link #carried(Runnable)}, for a task with a result. */
    public static <T> Callable<T> carried(Callable<T> task) {
        Map<String, String> context = MDC.getCopyOfContextMap();
        return () -> {
            Map<String, String> before = MDC.getCopyOfContextMap();
            set(context);
            try {
                return task.call();
            } finally {
                set(before);
            }
        };
    }

    private static void set(Map<String, String> context) {
        if (context == null) {
            MDC.clear();
        } else {
            MDC.setContextMap(context);
        }
    }

    /** A context scope; closing it cannot fail. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
