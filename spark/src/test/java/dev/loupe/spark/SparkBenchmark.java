package dev.loupe.spark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.eval.manifest.GeneratedImages;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Items per second of the Spark job with one and with two executors (one core each, on a standalone
 * cluster of this machine), against {@code loupe eval} with one and two workers, all on the same
 * generated set and the same embedded PostgreSQL store; and the time per item Spark adds over the
 * local runner. Prints figures, asserts nothing. Each run is a fresh JVM (the local runner from
 * {@code cli/target/loupe.jar}, the job through {@code spark-submit} of {@code spark/target/loupe-spark.jar});
 * throughput is items over the run's session in {@code run.json} (from the fingerprint being
 * recorded to the last line written), so JVM and SparkContext start-up are reported apart.
 * <pre>
 * mvn -q -o package -DskipTests &amp;&amp; mvn -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) dev.loupe.spark.SparkBenchmark [ITEMS]
 * </pre>
 */
public final class SparkBenchmark {

    private SparkBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 48;
        Path work = Files.createTempDirectory("loupe-spark-bench");
        Path manifest = GeneratedImages.write(work.resolve("set"), items, 800, 600, 7);
        SparkRuntime runtime = SparkRuntime.prepare();
        System.out.printf(Locale.ROOT, "Spark benchmark: %d generated 800x600 JPEGs, offline forensic graph, "
                + "PostgreSQL store; %d cores; load average %s%n", items, Runtime.getRuntime().availableProcessors(),
                loadAverage());
        try (EmbeddedPostgres postgres = EmbeddedPostgres.start()) {
            Figures local1 = local(manifest, work.resolve("local-1"), 1, database(postgres, "local1"));
            Figures local2 = local(manifest, work.resolve("local-2"), 2, database(postgres, "local2"));
            Figures spark1 = spark(runtime, manifest, work.resolve("spark-1"), 1, database(postgres, "spark1"));
            Figures spark2 = spark(runtime, manifest, work.resolve("spark-2"), 2, database(postgres, "spark2"));
            System.out.printf(Locale.ROOT, "%-32s %10s %12s %14s%n", "", "items/s", "session s", "process s");
            for (Figures f : List.of(local1, local2, spark1, spark2)) {
                System.out.printf(Locale.ROOT, "%-32s %10.2f %12.1f %14.1f%n", f.name, items / f.session, f.session,
                        f.process);
            }
            System.out.printf(Locale.ROOT, "Spark, 2 executors over 1: %.2fx; loupe eval, 2 workers over 1: %.2fx%n",
                    spark1.session / spark2.session, local1.session / local2.session);
            System.out.printf(Locale.ROOT, "time per item Spark adds over loupe eval (1 executor vs 1 worker): %.0f ms "
                    + "(%.1f%%); start-up outside the session: %.1f s (Spark) vs %.1f s (local)%n",
                    (spark1.session - local1.session) * 1000 / items, 100 * (spark1.session / local1.session - 1),
                    spark1.process - spark1.session, local1.process - local1.session);
            System.out.printf(Locale.ROOT, "load average after: %s%n", loadAverage());
        }
    }

    private record Figures(String name, double session, double process) {
    }

    private static Figures local(Path manifest, Path out, int workers, String store) throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx768m",
                "-jar", Path.of("cli", "target", "loupe.jar").toAbsolutePath().toString(), "eval", manifest.toString(),
                "--out", out.toString(), "--workers", String.valueOf(workers), "--store", store);
        long start = System.nanoTime();
        run(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(new java.io.File(out + ".log")).start(), out);
        return new Figures("loupe eval, " + workers + " worker" + (workers > 1 ? "s" : ""), session(out),
                (System.nanoTime() - start) / 1e9);
    }

    private static Figures spark(SparkRuntime runtime, Path manifest, Path out, int executors, String store)
            throws Exception {
        Path logs = out.resolveSibling(out.getFileName() + "-cluster");
        try (StandaloneCluster cluster = StandaloneCluster.start(runtime, logs, executors, "1g")) {
            long start = System.nanoTime();
            run(SparkSubmit.start(runtime, cluster.url(), logs.resolve("job.log"), List.of(), manifest.toString(),
                    "--out", out.toString(), "--store", store), out);
            return new Figures("Spark, " + executors + " executor" + (executors > 1 ? "s" : "") + " x 1 core",
                    session(out), (System.nanoTime() - start) / 1e9);
        }
    }

    private static void run(Process process, Path out) throws InterruptedException {
        if (!process.waitFor(20, TimeUnit.MINUTES) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException("the run in " + out + " failed; see its log beside it");
        }
    }

    private static double session(Path run) throws IOException {
        JsonNode session = RunFiles.runJson(run).get("sessions").get(0);
        return Duration.between(Instant.parse(session.get("started").asText()),
                Instant.parse(session.get("ended").asText())).toMillis() / 1000.0;
    }

    private static String database(EmbeddedPostgres postgres, String name) throws Exception {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
        return postgres.getJdbcUrl("postgres", name);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
