package dev.loupe.image.jpeg;

import dev.loupe.core.ComputeBudget;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Hands the blocks a decoder streams to a visitor on a second core, so that the entropy decoding (which
 * is serial) and the per-block work behind it (inverse DCTs, re-quantizations) run at once. The target
 * sees exactly the calls, in exactly the order, it would have seen called directly, on one thread, so
 * what it computes is the same to the bit. Blocks travel in batches of {@value #BATCH} (only the
 * coefficients before each block's zero tail are copied), {@value #BATCHES} batches in turn, so a relay
 * holds about 3 MB whatever the image's size.
 * <p>
 * Use: {@link #start} (null when no core is free: then call the target directly), pass the relay to
 * the decoder, then {@link #finish} to wait for the target to see the last block; {@link #close} in a
 * {@code finally} stops the second thread if the decode failed first.
 */
public final class BlockRelay implements BoundedBlockVisitor, AutoCloseable {

    static final int BATCH = 4096;
    static final int BATCHES = 3;

    /** Four ints a block: component, row, column, end. */
    private static final int HEADER = 4;
    private static final Batch END = new Batch();

    private final BlockVisitor target;
    private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
    /** One place more than there are batches, so that {@link #END} always fits. */
    private final BlockingQueue<Batch> filled = new ArrayBlockingQueue<>(BATCHES + 1);
    private Future<?> consumer;
    private Batch current;
    private boolean ended;
    /** What the target threw, if it did; the rest of the blocks are then dropped. */
    private volatile Throwable failure;

    private BlockRelay(BlockVisitor target) {
        this.target = target;
        for (int i = 0; i < BATCHES; i++) {
            free.add(new Batch());
        }
    }

    /**
     * A relay to {@code target} on a core of the process' {@link ComputeBudget}, or null when every
     * core is taken (the caller's own included), and the caller should visit the blocks itself.
     */
    public static BlockRelay start(BlockVisitor target) {
        BlockRelay relay = new BlockRelay(target);
        relay.consumer = ComputeBudget.tryStart(relay::drain);
        return relay.consumer == null ? null : relay;
    }

    @Override
    public void block(int component, int row, int col, int[] zigzag, int end) {
        if (current == null) {
            current = take(free);
        }
        current.add(component, row, col, zigzag, end);
        if (current.count == BATCH) {
            filled.add(current);
            current = null;
        }
    }

    /** Waits until the target has seen every block; rethrows what it threw. */
    public void finish() {
        if (current != null && current.count > 0) {
            filled.add(current);
            current = null;
        }
        end();
        try {
            uninterruptibly(consumer::get);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the decode's second thread failed", e.getCause());
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
    }

    /** Lets the second thread go after the blocks already handed over; blocks not yet handed over are dropped. */
    @Override
    public void close() {
        end();
    }

    private void end() {
        if (!ended) {
            ended = true;
            filled.add(END);
        }
    }

    /** The second thread: replays each batch into the target until the end. */
    private void drain() {
        int[] zigzag = new int[64];
        while (true) {
            Batch batch = take(filled);
            if (batch == END) {
                return;
            }
            if (failure == null) {
                try {
                    batch.replay(target, zigzag);
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
            }
            batch.count = 0;
            batch.used = 0;
            free.add(batch);
        }
    }

    private static Batch take(BlockingQueue<Batch> queue) {
        try {
            return uninterruptibly(queue::take);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e); // a queue's take throws nothing else
        }
    }

    /** A wait for the other thread. */
    private interface Wait<T> {
        T get() throws InterruptedException, ExecutionException;
    }

    /**
     * Waits through interrupts, as a decode on one thread would run through them: the other thread
     * always makes progress, and a pass cut short would leave every tool waiting for it to decode again.
     * The interrupt is kept for the caller to see.
     */
    private static <T> T uninterruptibly(Wait<T> wait) throws ExecutionException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return wait.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Blocks in the order decoded: their coordinates, and their coefficients up to the zero tail. */
    private static final class Batch {
        final int[] headers = new int[BATCH * HEADER];
        final int[] coefficients = new int[BATCH * 64];
        int count;
        int used;

        void add(int component, int row, int col, int[] zigzag, int end) {
            int h = count * HEADER;
            headers[h] = component;
            headers[h + 1] = row;
            headers[h + 2] = col;
            headers[h + 3] = end;
            System.arraycopy(zigzag, 0, coefficients, used, end);
            used += end;
            count++;
        }

        void replay(BlockVisitor target, int[] zigzag) {
            int previousEnd = 64;
            for (int i = 0, at = 0; i < count; i++) {
                int h = i * HEADER;
                int end = headers[h + 3];
                System.arraycopy(coefficients, at, zigzag, 0, end);
                if (previousEnd > end) {
                    java.util.Arrays.fill(zigzag, end, previousEnd, 0);
                }
                previousEnd = end;
                at += end;
                target.block(headers[h], headers[h + 1], headers[h + 2], zigzag, end);
            }
        }
    }
}
