package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.manifest.GeneratedImages;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe eval} end to end on the offline graph, in process. */
class EvalCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    static Path manifest;
    static Path run;
    static CliRun first;

    @BeforeAll
    static void evaluate_six_generated_images_and_a_missing_one() throws IOException {
        manifest = GeneratedImages.write(dir.resolve("set"), 6, 160, 120, 11);
        Files.writeString(manifest, "images/missing.jpg,fake,generated,11\n", java.nio.file.StandardOpenOption.APPEND);
        run = dir.resolve("run");
        first = CliRun.of("eval", manifest.toString(), "--out", run.toString(), "--workers", "2",
                "--trace", dir.resolve("traces").toString());
    }

    @Test
    void a_run_writes_one_result_line_per_item_and_its_folder_files() throws IOException {
        List<String> lines = Files.readAllLines(run.resolve("results.jsonl"));
        assertEquals(7, lines.size());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), lines.stream().map(ItemResult::parse).map(ItemResult::index).sorted().toList());
        assertTrue(Files.isRegularFile(run.resolve("report.html")));
        JsonNode metrics = JSON.readTree(run.resolve("metrics.json").toFile());
        assertEquals(7, metrics.get("items").asInt());
        assertEquals(6, metrics.get("scored").asInt());
        JsonNode runJson = JSON.readTree(run.resolve("run.json").toFile());
        assertTrue(runJson.get("complete").asBoolean());
        assertEquals("forensic", runJson.get("graph").asText());
        assertEquals(5, runJson.at("/fingerprint/prompts").size());
        assertEquals(64, runJson.at("/fingerprint/graph_file/sha256").asText().length());
        assertEquals(64, runJson.at("/fingerprint/schema_sha256").asText().length());
        assertEquals("memory", runJson.get("store").asText());
    }

    @Test
    void with_trace_every_analysed_item_has_the_trace_file_of_its_thread() throws IOException {
        // The missing image never ran: it has no steps to trace.
        List<String> threads = Files.readAllLines(run.resolve("results.jsonl")).stream().map(ItemResult::parse)
                .filter(r -> r.verdict() != null).map(ItemResult::threadId).sorted().toList();
        try (var files = Files.list(dir.resolve("traces"))) {
            List<String> traced = files.map(f -> f.getFileName().toString().replace(".jsonl", "")).sorted().toList();
            assertEquals(threads, traced);
        }
        assertEquals(6, threads.size());
    }

    @Test
    void a_missing_image_is_an_error_line_with_no_verdict() throws IOException {
        ItemResult missing = Files.readAllLines(run.resolve("results.jsonl")).stream().map(ItemResult::parse)
                .filter(r -> r.index() == 6).findFirst().orElseThrow();
        assertTrue(missing.error().contains("missing.jpg"), missing.error());
        assertEquals(null, missing.verdict());
        String runId = JSON.readTree(run.resolve("run.json").toFile()).get("run_id").asText();
        assertTrue(runId.matches("run-[0-9a-f]{8}"), runId);
        assertEquals(runId + "-6", missing.threadId());
        assertTrue(first.out().contains("items 7, scored 6, errors 1"), first.out());
    }

    @Test
    void a_run_with_a_failed_item_exits_with_its_code_after_writing_everything_else() {
        assertEquals(2, first.exitCode(), first.err());
        assertTrue(first.err().contains("loupe: 1 of 7 items failed (their error is in results.jsonl); exit code 2"),
                first.err());
        assertTrue(first.out().contains("report:"), first.out());
        assertFalse(first.out().contains("eval: 7 items"), "progress goes to stderr: " + first.out());
    }

    @Test
    void the_report_is_one_self_contained_page_with_its_charts() throws IOException {
        String html = Files.readString(run.resolve("report.html"));
        assertEquals(8, html.split("<svg ", -1).length - 1);
        assertFalse(html.contains("<script"));
        assertFalse(html.matches("(?s).*(src|href)=\"https?:.*"));
        assertTrue(html.contains("Most confident mistakes"));
    }

    @Test
    void running_again_into_the_same_folder_without_resume_is_refused() {
        CliRun again = CliRun.of("eval", manifest.toString(), "--out", run.toString());
        assertEquals(2, again.exitCode());
        assertTrue(again.err().contains("already holds a run: add --resume"), again.err());
    }

    @Test
    void resuming_a_finished_run_runs_nothing_and_keeps_its_lines() throws IOException {
        CliRun resumed = CliRun.of("eval", "--resume", run.toString());
        assertEquals(2, resumed.exitCode(), "the failed item is still failed: " + resumed.err());
        assertTrue(resumed.err().contains("7 items, 7 done earlier, 0 to run"), resumed.err());
        assertEquals(7, Files.readAllLines(run.resolve("results.jsonl")).size());
    }

    @Test
    void a_run_compared_with_itself_differs_by_nothing() {
        CliRun compared = CliRun.of("eval", "compare", run.toString(), run.toString(), "--html",
                dir.resolve("compare.html").toString());
        assertEquals(0, compared.exitCode(), compared.err());
        assertTrue(compared.out().contains("items compared: 6 (only in A 0, only in B 0, failed in either 1)"), compared.out());
        assertTrue(compared.out().contains("A − B: +0.0 points"), compared.out());
        assertTrue(compared.out().contains("flipped: 0"), compared.out());
        assertTrue(Files.isRegularFile(dir.resolve("compare.html")));
    }

    @Test
    void a_manifest_mistake_is_bad_input_naming_the_line() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "path,label\na.jpg,real\nb.jpg,unsure\n");
        CliRun result = CliRun.of("eval", bad.toString(), "--out", dir.resolve("bad-run").toString());
        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("line 3: label must be real or fake"), result.err());
    }
}
