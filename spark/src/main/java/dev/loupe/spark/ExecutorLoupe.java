package dev.loupe.spark;

import dev.loupe.Loupe;
import dev.loupe.eval.run.EvalLoupe;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One Loupe per executor JVM and job settings, built (its graph compiled, its store opened) by the
 * first task that needs it and shared by every later task and task thread in that JVM. A Loupe is
 * thread-safe, so an executor with several cores runs several items on it at once. Closed when the
 * JVM exits, or by the driver in local mode, where driver and executor share one JVM.
 */
public final class ExecutorLoupe {

    private static final Map<JobSettings, Loupe> INSTANCES = new HashMap<>();
    private static final AtomicInteger BUILT = new AtomicInteger();
    private static boolean hooked;

    private ExecutorLoupe() {
    }

    /** The Loupe of these settings in this JVM, built on first use. */
    public static synchronized Loupe get(JobSettings settings) {
        Loupe loupe = INSTANCES.get(settings);
        if (loupe == null) {
            loadJdbcDriver(settings);
            loupe = EvalLoupe.builder(settings.runSettings()).store(settings.store()).build();
            INSTANCES.put(settings, loupe);
            BUILT.incrementAndGet();
            if (!hooked) {
                Runtime.getRuntime().addShutdownHook(new Thread(ExecutorLoupe::closeAll, "loupe-executor-close"));
                hooked = true;
            }
        }
        return loupe;
    }

    /** How many Loupe instances (graph compilations) this JVM has built. */
    public static int built() {
        return BUILT.get();
    }

    /** Closes every instance of this JVM; the next {@link #get} builds again. */
    public static synchronized void closeAll() {
        INSTANCES.values().forEach(Loupe::close);
        INSTANCES.clear();
    }

    /**
     * Registers PostgreSQL's driver from the job jar's class loader: {@code DriverManager} finds drivers
     * through the loader that first asked for one, which on an executor may be Spark's, not the job's.
     */
    static void loadJdbcDriver(JobSettings settings) {
        if (settings.storeUrl().startsWith("jdbc:postgresql:")) {
            try {
                Class.forName("org.postgresql.Driver");
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("the PostgreSQL driver is missing from the job jar", e);
            }
        }
    }
}
