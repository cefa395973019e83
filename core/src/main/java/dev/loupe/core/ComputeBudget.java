package dev.loupe.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * The process' one budget of CPU-heavy work: at most one piece per core at a time, whoever starts it
 * (an eval worker decoding its image, a tool call of any analysis). Without it, eval workers times
 * each analysis' tool parallelism would put several threads on every core, each slowing the others
 * and holding its own large arrays at once. Work that waits on the network (model calls, fetches
 * inside a tool excepted) runs outside it, so many analyses may wait on models at once.
 */
public final class ComputeBudget {

    private static final Semaphore PERMITS = new Semaphore(Runtime.getRuntime().availableProcessors(), true);

    private ComputeBudget() {
    }

    /** The pieces of work that may run at once: the cores this JVM may use. */
    public static int size() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** CPU-heavy work that may throw what its caller handles. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /**
     * Runs {@code work} once a core is free; a thread already holding one runs it at once. A thread
     * interrupted while it waits (a tool call timed out) gives up with {@code INTERNAL}.
     */
    public static <T, E extends Exception> T run(Work<T, E> work) throws E {
        if (HELD.get()) {
            return work.run();
        }
        try {
            PERMITS.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoupeException(LoupeException.Kind.INTERNAL, "interrupted while waiting for a free core", e);
        }
        HELD.set(true);
        try {
            return work.run();
        } finally {
            HELD.set(false);
            PERMITS.release();
        }
    }

    /**
     * Starts {@code work} on another thread if a core is free now, holding that core until the work
     * ends; returns null, starting nothing, when every core is taken. For work that splits across
     * cores when the machine is idle (the two halves of a decode) and must not wait for a core: with
     * every core busy (eval workers, other analyses' tools) its caller does the work itself.
     */
    public static Future<?> tryStart(Runnable work) {
        if (!PERMITS.tryAcquire()) {
            return null;
        }
        try {
            return SPARE.submit(() -> {
                HELD.set(true);
                try {
                    work.run();
                } finally {
                    HELD.set(false);
                    PERMITS.release();
                }
            });
        } catch (RuntimeException e) {
            PERMITS.release();
            throw e;
        }
    }

    private static final ThreadLocal<Boolean> HELD = ThreadLocal.withInitial(() -> false);

    /** Threads for {@link #tryStart}: never more busy than the permits allow, idle ones end after a minute. */
    private static final ExecutorService SPARE = Executors.newCachedThreadPool(work -> {
        Thread thread = new Thread(work, "loupe-compute");
        thread.setDaemon(true);
        return thread;
    });
}
