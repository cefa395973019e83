package dev.loupe;

import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.checkpoint.JsonDiff;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Threads on a real SQLite file: replay, fork, resume after SIGKILL, concurrent writers. */
class SqliteThreadsTest extends ThreadStoreContract {

    @Override
    protected StoreLocation store() {
        return StoreLocation.parse(dir.resolve("loupe.db").toString());
    }

    @Test
    void a_process_killed_mid_analysis_resumes_to_the_result_of_an_uninterrupted_run() throws Exception {
        Path home = slowGraphHome();
        Path image = TestImages.copy(TestImages.CANON_SD750, dir);
        Path marker = dir.resolve("slow-started");
        ProcessBuilder child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.loupe.cli.Main", "analyze", "--graph", "slow",
                "--store", dir.resolve("loupe.db").toString(), "--thread-id", "killed-1", image.toString())
                .directory(home.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile());
        child.environment().put("LOUPE_SLOW_MARKER", marker.toString());
        child.environment().put("LOUPE_SLOW_MILLIS", "60000");
        Process process = child.start();
        for (int i = 0; i < 600 && !Files.exists(marker); i++) {
            Thread.sleep(100);
        }
        assertTrue(Files.exists(marker), "the child never reached the slow tool: " + Files.readString(dir.resolve("child.log")));
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);

        try (Loupe loupe = Loupe.builder().home(home).graph("slow").store(store()).build()) {
            assertEquals("running", loupe.threads().find("killed-1").orElseThrow().status().code());
            AnalysisResult resumed = loupe.threads().resume("killed-1");
            AnalysisResult uninterrupted = loupe.analyze(image);

            List<String> differences = new JsonDiff(Set.of("thread_id", "timings", "seconds"))
                    .differences(uninterrupted.toJson(), resumed.toJson());
            assertEquals(List.of(), differences);
            assertEquals("done", loupe.threads().find("killed-1").orElseThrow().status().code());
        }
    }

    @Test
    void two_writers_on_one_file_lose_no_thread() throws Exception {
        List<Path> images = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            images.add(TestImages.drawn(dir, "w" + i + ".png", "png", 48, 32));
        }
        try (Loupe first = ThreadScenarios.offline(store()); Loupe second = ThreadScenarios.offline(store())) {
            List<CompletableFuture<AnalysisResult>> runs = new ArrayList<>();
            for (Path image : images) {
                runs.add(first.analyzeAsync(image));
                runs.add(second.analyzeAsync(image));
            }
            CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);

            var threads = first.threads().list(100, 0);
            assertEquals(12, threads.size());
            assertTrue(threads.stream().allMatch(t -> t.status().code().equals("done")));
        }
    }

    /** A folder with graphs/slow.yaml: the forensic graph with the test's slow tool. */
    private Path slowGraphHome() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path graphs = Files.createDirectories(home.resolve("graphs"));
        String forensic = new String(getClass().getResourceAsStream("/graphs/forensic.yaml").readAllBytes());
        Files.writeString(graphs.resolve("slow.yaml"), forensic
                .replaceFirst("(?m)^name: forensic", "name: slow")
                .replaceFirst("(?m)^tools: .*", "tools: [metadata, slow]"));
        Files.writeString(graphs.resolve("forensic.schema.json"),
                new String(getClass().getResourceAsStream("/graphs/forensic.schema.json").readAllBytes()));
        Path prompts = Files.createDirectories(home.resolve("prompts").resolve("forensic"));
        for (String name : List.of("vision.md", "agent.md", "practice.md", "task.md", "structuring.md")) {
            Files.writeString(prompts.resolve(name),
                    new String(getClass().getResourceAsStream("/prompts/forensic/" + name).readAllBytes()));
        }
        return home;
    }
}
