package dev.loupe.checkpoint;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A few reusable connections. Opening a SQLite connection and applying its pragmas costs more than
 * a small checkpoint write (see {@code StoreBenchmark}), and a PostgreSQL connection costs a network
 * handshake, so connections are kept; the pool is tiny because Loupe's writers are few.
 */
final class ConnectionPool implements AutoCloseable {

    /** Opens a new physical connection. */
    @FunctionalInterface
    interface Opener {
        Connection open() throws SQLException;
    }

    private static final long BORROW_TIMEOUT_SECONDS = 60;

    private final Opener opener;
    private final int maxSize;
    private final boolean keepIdle;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition returned = lock.newCondition();
    private int open;
    private boolean closed;

    ConnectionPool(Opener opener, int maxSize) {
        this(opener, maxSize, true);
    }

    /**
     * @param keepIdle false when the opener is a pool of its own (a host's DataSource): a connection
     *                 given back is closed, which returns it there, instead of being kept here
     */
    ConnectionPool(Opener opener, int maxSize, boolean keepIdle) {
        this.opener = opener;
        this.maxSize = maxSize;
        this.keepIdle = keepIdle;
    }

    Connection borrow() throws SQLException {
        lock.lock();
        try {
            long waitNanos = TimeUnit.SECONDS.toNanos(BORROW_TIMEOUT_SECONDS);
            while (true) {
                if (closed) {
                    throw new SQLException("The store is closed");
                }
                Connection ready = idle.pollFirst();
                if (ready != null) {
                    return ready;
                }
                if (open < maxSize) {
                    open++;
                    break;
                }
                if (waitNanos <= 0) {
                    throw new SQLException("No free database connection after " + BORROW_TIMEOUT_SECONDS + " s");
                }
                waitNanos = returned.awaitNanos(waitNanos);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while waiting for a database connection", e);
        } finally {
            lock.unlock();
        }
        try {
            return opener.open();
        } catch (SQLException | RuntimeException e) {
            forget();
            throw e;
        }
    }

    /** Gives a connection back; a broken one is closed and forgotten instead. */
    void giveBack(Connection connection, boolean broken) {
        lock.lock();
        try {
            if (!broken && !closed && keepIdle) {
                idle.addFirst(connection);
                returned.signal();
                return;
            }
        } finally {
            lock.unlock();
        }
        closeQuietly(connection);
        forget();
    }

    private void forget() {
        lock.lock();
        try {
            open--;
            returned.signal();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            idle.forEach(ConnectionPool::closeQuietly);
            open -= idle.size();
            idle.clear();
            returned.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // Already unusable; nothing more to release.
        }
    }
}
