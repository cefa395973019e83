package dev.loupe.spark;

import dev.loupe.core.LoupeException;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Properties;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Makes sure that one item is analysed by one task attempt at a time. Spark may run a partition twice
 * at once (a speculative copy, or a retry while the first attempt's executor is still alive); the
 * second attempt then waits for the first to finish the item and reads its thread back from the
 * store instead of analysing it again. With PostgreSQL the lock is a session advisory lock on a
 * connection of the task's own, so an attempt whose executor dies releases its locks with its
 * connection; in local mode (one JVM) an in-process lock does the same.
 */
abstract class ItemLocks implements AutoCloseable {

    /** A held lock; closing it lets the next attempt in. */
    interface Lock extends AutoCloseable {
        @Override
        void close();
    }

    /** Locks for the store of {@code settings}: PostgreSQL advisory locks, else in-process locks. */
    static ItemLocks open(JobSettings settings) {
        return settings.storeUrl().startsWith("jdbc:postgresql:") ? new Advisory(settings) : new InProcess();
    }

    /** Waits until no other attempt holds {@code threadId}, then holds it. */
    abstract Lock lock(String threadId);

    @Override
    public abstract void close();

    private static final class Advisory extends ItemLocks {

        private static final String LOCK = "SELECT pg_advisory_lock(hashtextextended('loupe-thread:' || ?, 0))";
        private static final String UNLOCK = "SELECT pg_advisory_unlock(hashtextextended('loupe-thread:' || ?, 0))";

        private final Connection connection;

        Advisory(JobSettings settings) {
            ExecutorLoupe.loadJdbcDriver(settings);
            Properties properties = new Properties();
            if (settings.storeUser() != null) {
                properties.setProperty("user", settings.storeUser());
            }
            if (settings.storePassword() != null) {
                properties.setProperty("password", settings.storePassword());
            }
            try {
                connection = DriverManager.getConnection(settings.storeUrl(), properties);
            } catch (SQLException e) {
                throw LoupeException.unavailable("cannot reach the thread store " + settings.store()
                        + " to lock items (" + e.getSQLState() + ")", e);
            }
        }

        @Override
        Lock lock(String threadId) {
            run(LOCK, threadId);
            return () -> run(UNLOCK, threadId);
        }

        private void run(String sql, String threadId) {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                statement.setString(1, threadId);
                statement.execute();
            } catch (SQLException e) {
                throw LoupeException.unavailable("the thread store failed while locking " + threadId
                        + " (" + e.getSQLState() + ")", e);
            }
        }

        @Override
        public void close() {
            try {
                connection.close();
            } catch (SQLException e) {
                // Closing ends the session, and with it any lock still held: nothing else to do.
            }
        }
    }

    private static final class InProcess extends ItemLocks {

        /** Locks in use, with how many attempts hold or wait for each; removed when none does. */
        private static final Map<String, Held> HELD = new HashMap<>();

        private static final class Held {
            final ReentrantLock lock = new ReentrantLock();
            int users;
        }

        @Override
        Lock lock(String threadId) {
            Held held;
            synchronized (HELD) {
                held = HELD.computeIfAbsent(threadId, id -> new Held());
                held.users++;
            }
            held.lock.lock();
            return () -> {
                held.lock.unlock();
                synchronized (HELD) {
                    if (--held.users == 0) {
                        HELD.remove(threadId);
                    }
                }
            };
        }

        @Override
        public void close() {
        }
    }
}
