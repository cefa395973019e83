package dev.loupe.spark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.cli.Main;
import dev.loupe.eval.manifest.GeneratedImages;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job jar on a real Spark runtime: a standalone master and two workers (separate JVMs from Spark
 * 3.5.7's own jars, with its own Jackson, Netty and SLF4J), {@code spark-submit} in client mode, and
 * an embedded PostgreSQL as the shared store. One worker, with its executor, is killed mid-run: every
 * item still ends with exactly one line, and the lines and metrics are those of {@code loupe eval}.
 */
@Tag("spark-cluster")
class SparkClusterIT {

    private static final int ITEMS = 24;

    private static EmbeddedPostgres postgres;
    private static SparkRuntime runtime;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        SparkOnThisJava.assumeSparkStarts();
        runtime = SparkRuntime.prepare();
        postgres = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stop() throws IOException {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void a_worker_killed_mid_run_still_yields_every_item_exactly_once_as_loupe_eval_would() throws Exception {
        Path manifest = GeneratedImages.write(dir.resolve("set"), ITEMS, 640, 480, 17);
        Path local = dir.resolve("local");
        Path onSpark = dir.resolve("spark");
        assertEquals(0, eval(manifest, local));

        Path logs = Path.of("spark", "target", "spark-it").toAbsolutePath();
        try (StandaloneCluster cluster = StandaloneCluster.start(runtime, logs, 2, "1g")) {
            Process job = SparkSubmit.start(runtime, cluster.url(), logs.resolve("job.log"), List.of(),
                    manifest.toString(), "--out", onSpark.toString(), "--partitions", "12",
                    "--store", postgres.getJdbcUrl("postgres", "postgres"));
            awaitLines(job, onSpark.resolve("results.jsonl"), 4, Duration.ofMinutes(4));
            // Kill only once each executor has handed back a partition: an executor still compiling its graph when
            // its worker dies has done no work to count, and the run would then show one executor, not a lost one.
            awaitFinishedTasksOnEveryExecutor(job, logs.resolve("job.log"), 2, Duration.ofMinutes(4));
            cluster.killWorker(1);
            int linesAtKill = Files.readAllLines(onSpark.resolve("results.jsonl")).size();
            assertTrue(job.waitFor(6, TimeUnit.MINUTES), "the job ended; see " + logs.resolve("job.log"));
            String log = Files.readString(logs.resolve("job.log"));
            assertEquals(0, job.exitValue(), log);
            assertTrue(linesAtKill < ITEMS, "the worker was killed before the job finished");
            assertTrue(log.contains("Lost executor"), "the killed worker's executor was lost mid-run; see " + logs);
            System.out.printf("spark cluster: worker 1 killed at %d of %d lines; executors %s%n", linesAtKill, ITEMS,
                    RunFiles.runJson(onSpark).get("executors"));
        }

        Map<Integer, JsonNode> expected = RunFiles.comparableResults(local);
        assertEquals(ITEMS, expected.size());
        assertEquals(expected, RunFiles.comparableResults(onSpark), "one line per item, as loupe eval wrote it");
        assertEquals(RunFiles.comparableMetrics(local), RunFiles.comparableMetrics(onSpark));
        JsonNode run = RunFiles.runJson(onSpark);
        assertTrue(run.get("complete").asBoolean());
        List<String> executors = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = run.get("executors").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> executor = it.next();
            executors.add(executor.getKey());
            assertEquals(1, executor.getValue().get("graph_compilations").asInt(),
                    "executor " + executor.getKey() + " compiled the graph once for all its tasks");
        }
        assertTrue(executors.size() >= 2, "both workers' executors did work: " + executors);
    }

    private static int eval(Path manifest, Path out) {
        StringWriter err = new StringWriter();
        var cli = Main.commandLine();
        cli.setErr(new PrintWriter(err, true));
        return cli.execute("eval", manifest.toString(), "--out", out.toString(), "--store", "memory");
    }

    private static final Pattern FINISHED_TASK = Pattern.compile("Finished task .* \\(executor (\\w+)\\)");

    private static void awaitFinishedTasksOnEveryExecutor(Process job, Path driverLog, int executors, Duration timeout)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Set<String> finished = new TreeSet<>();
        while (System.nanoTime() < deadline && job.isAlive()) {
            finished.clear();
            if (Files.exists(driverLog)) {
                Matcher m = FINISHED_TASK.matcher(Files.readString(driverLog));
                while (m.find()) {
                    finished.add(m.group(1));
                }
            }
            if (finished.size() >= executors) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("tasks finished on executors " + finished + " only, before "
                + (job.isAlive() ? "the timeout" : "the job ended"));
    }

    private static void awaitLines(Process job, Path results, int lines, Duration timeout)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && job.isAlive()) {
            if (Files.exists(results) && Files.readAllLines(results).size() >= lines) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the job wrote fewer than " + lines + " lines before "
                + (job.isAlive() ? "the timeout" : "it ended"));
    }
}
