package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.manifest.GeneratedImages;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reported cases of a reused thread id, on the real command line with a real SQLite store. */
class ThreadIdIntegrityCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private String store() {
        return dir.resolve("loupe.db").toString();
    }

    @Test
    void analysing_another_image_under_a_used_thread_id_exits_2_naming_the_thread_and_what_it_holds() {
        Path a = TestImages.copy(TestImages.CANON_SD750, dir);
        Path b = TestImages.drawn(dir, "b.png", "png", 96, 64);
        assertEquals(0, CliRun.of("analyze", a.toString(), "--thread-id", "X", "--store", store()).exitCode());

        CliRun reused = CliRun.of("analyze", b.toString(), "--thread-id", "X", "--store", store());

        assertEquals(2, reused.exitCode(), reused.err());
        assertEquals("", reused.out(), "no result is printed for B");
        assertEquals(1, reused.errLines().size(), reused.err());
        String line = reused.errLines().get(0);
        assertTrue(line.startsWith("loupe: thread X already holds an analysis of " + a.getFileName()), line);
        assertTrue(line.contains("new thread id") && line.contains("loupe threads resume X"), line);
        CliRun shown = CliRun.of("threads", "show", "X", "--store", store());
        assertTrue(shown.out().contains(a.getFileName().toString()), shown.out());
    }

    @Test
    void the_same_image_under_a_used_id_with_another_configuration_exits_2() {
        Path a = TestImages.drawn(dir, "a.png", "png", 96, 64);
        assertEquals(0, CliRun.of("analyze", a.toString(), "--thread-id", "X", "--store", store()).exitCode());

        CliRun changed = CliRun.of("analyze", a.toString(), "--thread-id", "X", "--store", store(), "--max-iterations", "3");

        assertEquals(2, changed.exitCode(), changed.err());
        assertTrue(changed.err().contains("thread X already holds"), changed.err());
    }

    @Test
    void an_eval_into_a_reused_folder_name_analyses_every_item_afresh() throws Exception {
        Path six = GeneratedImages.write(dir.resolve("six"), 6, 96, 72, 1);
        Path twelve = GeneratedImages.write(dir.resolve("twelve"), 12, 96, 72, 2);
        Path out = dir.resolve("runs").resolve("x");
        assertEquals(0, CliRun.of("eval", six.toString(), "--out", out.toString(), "--store", store()).exitCode());
        Set<String> firstThreads = threadIds(out);
        deleteTree(out);

        CliRun second = CliRun.of("eval", twelve.toString(), "--out", out.toString(), "--store", store());

        assertEquals(0, second.exitCode(), second.err());
        List<ItemResult> results = Files.readAllLines(out.resolve("results.jsonl")).stream().map(ItemResult::parse).toList();
        assertEquals(12, results.size());
        for (ItemResult item : results) {
            assertFalse(firstThreads.contains(item.threadId()), "item " + item.index() + " met the earlier run's thread");
            CliRun thread = CliRun.of("threads", "show", item.threadId(), "--store", store());
            String sha = sha256(dir.resolve("twelve").resolve(manifestPath(twelve, item.index())));
            assertTrue(thread.out().contains(sha), "thread of item " + item.index() + " analysed its own image: " + thread.out());
        }
        String runId = JSON.readTree(out.resolve("run.json").toFile()).get("run_id").asText();
        assertTrue(runId.startsWith("x-") && runId.length() > 2, runId);
    }

    @Test
    void with_fallback_the_printed_thread_is_a_real_thread_naming_the_model_that_answered() throws Exception {
        Path image = TestImages.drawn(dir, "scene.png", "png", 64, 48);
        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", "sk-test"), "analyze", image.toString(),
                "--graph", "stubbed", "--json", "--model", "m1", "--base-url", closedPortUrl(), "--max-attempts", "1",
                "--fallback", "offline", "--thread-id", "F", "--store", store());
        assertEquals(0, run.exitCode(), run.err());
        JsonNode result = JSON.readTree(run.out());
        assertEquals("F_fallback", result.get("thread_id").asText());

        CliRun shown = CliRun.of("threads", "show", "F_fallback", "--store", store());
        CliRun failed = CliRun.of("threads", "show", "F", "--store", store());
        CliRun replayFailed = CliRun.of("threads", "replay", "F", "--store", store());

        assertEquals(0, shown.exitCode(), shown.err());
        assertTrue(shown.out().contains("model offline"), shown.out());
        assertTrue(failed.out().contains("failed"), failed.out());
        assertEquals(2, replayFailed.exitCode(), replayFailed.err());
        assertTrue(replayFailed.err().contains("its fallback ran as thread F_fallback"), replayFailed.err());
    }

    private static Set<String> threadIds(Path run) throws IOException {
        return Files.readAllLines(run.resolve("results.jsonl")).stream().map(ItemResult::parse).map(ItemResult::threadId)
                .collect(Collectors.toSet());
    }

    private static String manifestPath(Path manifest, int index) throws IOException {
        return Files.readAllLines(manifest).get(index + 1).split(",")[0];
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String closedPortUrl() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
        }
    }
}
