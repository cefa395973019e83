package dev.loupe.spark;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A Spark standalone cluster on 127.0.0.1 made of Spark's own classes in separate JVMs: one
 * {@code Master} and a number of {@code Worker}s of one core each. Workers launch executor JVMs
 * from the installation, exactly as on a real cluster.
 */
final class StandaloneCluster implements AutoCloseable {

    private final SparkRuntime runtime;
    private final Path logs;
    private final int port;
    private final Process master;
    private final List<Process> workers = new ArrayList<>();

    private StandaloneCluster(SparkRuntime runtime, Path logs, int port, Process master) {
        this.runtime = runtime;
        this.logs = logs;
        this.port = port;
        this.master = master;
    }

    /** Starts a master and {@code workers} workers, and waits until every worker has registered. */
    static StandaloneCluster start(SparkRuntime runtime, Path logs, int workers, String workerMemory)
            throws IOException, InterruptedException {
        Files.createDirectories(logs);
        int port = freePort();
        Process master = runtime.process(runtime.java("256m", "org.apache.spark.deploy.master.Master",
                "--host", "127.0.0.1", "--port", String.valueOf(port), "--webui-port", String.valueOf(freePort())),
                logs.resolve("master.log")).start();
        StandaloneCluster cluster = new StandaloneCluster(runtime, logs, port, master);
        try {
            for (int i = 0; i < workers; i++) {
                cluster.workers.add(runtime.process(runtime.java("256m", "org.apache.spark.deploy.worker.Worker",
                        "--host", "127.0.0.1", "--cores", "1", "--memory", workerMemory,
                        "--webui-port", String.valueOf(freePort()), "--work-dir", logs.resolve("work-" + i).toString(),
                        cluster.url()), logs.resolve("worker-" + i + ".log")).start());
            }
            cluster.awaitLog(logs.resolve("master.log"), "Registering worker", workers, Duration.ofMinutes(3));
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    String url() {
        return "spark://127.0.0.1:" + port;
    }

    /** Kills worker {@code index} and every process it started (its executor), as a machine lost. */
    void killWorker(int index) throws InterruptedException {
        Process worker = workers.get(index);
        worker.descendants().forEach(ProcessHandle::destroyForcibly);
        worker.destroyForcibly();
        worker.waitFor();
    }

    /** Waits until {@code text} appears {@code times} times in {@code log}. */
    void awaitLog(Path log, String text, int times, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(log) && occurrences(Files.readString(log), text) >= times) {
                return;
            }
            if (!master.isAlive()) {
                throw new IllegalStateException("the Spark master exited; see " + logs.resolve("master.log"));
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("'" + text + "' did not appear " + times + " times in " + log + " within " + timeout);
    }

    SparkRuntime runtime() {
        return runtime;
    }

    @Override
    public void close() {
        for (Process worker : workers) {
            worker.descendants().forEach(ProcessHandle::destroyForcibly);
            worker.destroyForcibly();
        }
        master.destroyForcibly();
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
