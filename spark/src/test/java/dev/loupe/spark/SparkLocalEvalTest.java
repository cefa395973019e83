package dev.loupe.spark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.cli.Main;
import dev.loupe.eval.manifest.Manifest;
import dev.loupe.eval.run.Pricing;
import dev.loupe.eval.run.RunSettings;
import dev.loupe.eval.manifest.GeneratedImages;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import scala.jdk.javaapi.CollectionConverters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spark job in {@code local[2]} against a real PostgreSQL store: the same result lines and
 * metrics as {@code loupe eval} on the same manifest, one graph compilation for the executor, and a
 * resume that takes finished threads from the store instead of analysing them again.
 */
class SparkLocalEvalTest {

    private static EmbeddedPostgres postgres;
    private static JavaSparkContext spark;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws IOException {
        SparkOnThisJava.assumeSparkStarts();
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.spark", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.org.sparkproject", "warn");
        postgres = EmbeddedPostgres.start();
        spark = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("loupe-test")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1"));
    }

    @AfterAll
    static void stop() throws IOException {
        if (spark != null) {
            spark.stop();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void writes_the_same_results_and_metrics_as_loupe_eval() throws IOException {
        Path manifest = manifestWithAMissingFile(8);
        Path local = dir.resolve("local");
        Path onSpark = dir.resolve("spark");
        int builtBefore = ExecutorLoupe.built();

        Run eval = cli(Main.commandLine(), "eval", manifest.toString(), "--out", local.toString(), "--workers", "2",
                "--store", "memory");
        Run job = spark("--store", store("identical"), manifest.toString(), "--out", onSpark.toString());

        // The missing file is an item that failed as bad input: both runners end with exit code 2.
        assertEquals(2, eval.code, eval.err);
        assertEquals(2, job.code, job.err);
        Map<Integer, JsonNode> expected = RunFiles.comparableResults(local);
        assertEquals(9, expected.size());
        assertEquals(expected, RunFiles.comparableResults(onSpark));
        assertEquals(RunFiles.comparableMetrics(local), RunFiles.comparableMetrics(onSpark));
        assertTrue(Files.size(onSpark.resolve("report.html")) > 10_000, "a report page was written");
        JsonNode run = RunFiles.runJson(onSpark);
        assertTrue(run.get("complete").asBoolean());
        assertTrue(run.at("/spark/master").asText().startsWith("local[2]"));
        assertEquals(builtBefore + 1, run.at("/executors/driver/graph_compilations").asInt(),
                "one graph compilation served every task of the executor");
        assertEquals(9, run.at("/executors/driver/items").asInt());
    }

    @Test
    void a_resumed_job_takes_finished_threads_from_the_store_instead_of_analysing_again() throws IOException {
        Path manifest = GeneratedImages.write(dir.resolve("set"), 8, 160, 120, 5);
        Path onSpark = dir.resolve("spark");
        String store = store("resume");
        assertEquals(0, spark("--store", store, manifest.toString(), "--out", onSpark.toString()).code);
        Map<Integer, String> first = RunFiles.lines(onSpark);
        // As if the driver had been killed after the executors finished: half the lines never reached the file.
        List<String> kept = new ArrayList<>(first.values()).subList(0, 4);
        Files.write(onSpark.resolve("results.jsonl"), kept, StandardCharsets.UTF_8);
        Files.writeString(onSpark.resolve("results.jsonl"), "{\"index\":7,\"id\":\"ima", StandardOpenOption.APPEND);

        Run resumed = spark("--resume", onSpark.toString());

        assertEquals(0, resumed.code, resumed.err);
        assertTrue(resumed.out.contains("dropped a torn last line"), resumed.out);
        // Timings come with the stored result: a re-analysed item would have new ones.
        assertEquals(first, RunFiles.lines(onSpark), "the resumed lines are the finished threads' own");
        JsonNode sessions = RunFiles.runJson(onSpark).get("sessions");
        assertEquals(2, sessions.size());
        assertEquals(4, sessions.get(1).get("to_run").asInt());
        assertEquals(4, sessions.get(1).get("items_run").asInt());
    }

    @Test
    void reads_the_manifest_and_images_through_a_hadoop_filesystem_and_resumes_from_its_copy() throws IOException {
        Path manifest = manifestWithAMissingFile(4);
        Path local = dir.resolve("local");
        Path onSpark = dir.resolve("spark");
        String remote = OtherSchemeFileSystem.SCHEME + "://" + manifest.toAbsolutePath();

        Run eval = cli(Main.commandLine(), "eval", manifest.toString(), "--out", local.toString(), "--store", "memory");
        Run job = spark(remote, "--out", onSpark.toString(), "--store", store("hadoop"), "--limit", "3");
        Run resumed = spark("--resume", onSpark.toString());

        assertEquals(2, eval.code, "the missing fifth file failed: " + eval.err);
        assertEquals(0, job.code, job.err);
        assertEquals(0, resumed.code, resumed.err);
        assertEquals(Files.readString(manifest), Files.readString(onSpark.resolve("manifest.csv")),
                "the run keeps a copy of the remote manifest");
        assertEquals(remote, RunFiles.runJson(onSpark).get("manifest_source").asText());
        Map<Integer, JsonNode> expected = RunFiles.comparableResults(local);
        expected.keySet().removeIf(index -> index >= 3);
        assertEquals(expected, RunFiles.comparableResults(onSpark));
    }

    @Test
    void two_attempts_of_one_task_at_once_analyse_each_item_once() throws Exception {
        Manifest manifest = Manifest.load(GeneratedImages.write(dir.resolve("set"), 4, 160, 120, 23));
        JobSettings settings = JobSettings.of(new RunSettings("forensic", null, manifest.file(), null, null, Pricing.NONE),
                StoreLocation.parse(store("speculative")));
        List<JobItem> items = manifest.items().stream()
                .map(item -> JobItem.of(item, item.file().toUri().toString(), "speculative-" + item.index())).toList();
        ExecutorService attempts = Executors.newFixedThreadPool(2);
        try {
            // What spark.speculation does: a second attempt of the same partition while the first still runs.
            Future<PartitionResult> first = attempts.submit(() -> new PartitionAnalysis(settings)
                    .apply(null, CollectionConverters.asScala(items.iterator())));
            Future<PartitionResult> second = attempts.submit(() -> new PartitionAnalysis(settings)
                    .apply(null, CollectionConverters.asScala(items.iterator())));

            List<String> firstLines = first.get(2, TimeUnit.MINUTES).lines();
            assertEquals(4, firstLines.size());
            assertTrue(firstLines.stream().noneMatch(line -> line.contains("\"error\":\"")), firstLines.toString());
            // Timings included: the later attempt read each finished thread back instead of analysing it again.
            assertEquals(firstLines, second.get(2, TimeUnit.MINUTES).lines());
        } finally {
            attempts.shutdownNow();
            ExecutorLoupe.closeAll();
        }
    }

    @Test
    void a_missing_manifest_is_one_line_and_exit_code_2() {
        Run job = spark(dir.resolve("nope.csv").toString(), "--out", dir.resolve("run").toString(), "--store", "memory");

        assertEquals(2, job.code);
        assertEquals(1, job.err.lines().count(), job.err);
        assertTrue(job.err.startsWith("loupe: ") && job.err.contains("nope.csv: cannot read this manifest"), job.err);
    }

    private Path manifestWithAMissingFile(int images) throws IOException {
        Path manifest = GeneratedImages.write(dir.resolve("set"), images, 160, 120, 11);
        Files.writeString(manifest, "images/missing.jpg,fake,generated,11\n", StandardOpenOption.APPEND);
        return manifest;
    }

    private static String store(String database) {
        try (var connection = postgres.getPostgresDatabase().getConnection();
             var statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + database);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return postgres.getJdbcUrl("postgres", database);
    }

    private static Run spark(String... args) {
        return cli(SparkEvalCommand.commandLine(new SparkEvalCommand(spark)), args);
    }

    private record Run(int code, String out, String err) {
    }

    private static Run cli(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }
}
