package dev.loupe.cli;

import dev.loupe.eval.manifest.GeneratedImages;
import dev.loupe.graph.GraphSpecParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe eval calibrate} end to end: a real offline run into a SQLite store, then the fit. */
class EvalCalibrateCommandTest {

    @TempDir
    static Path dir;

    static Path run;
    static CliRun evaluated;

    @BeforeAll
    static void evaluate_eight_generated_images_in_two_folds() throws IOException {
        Path manifest = GeneratedImages.write(dir.resolve("set"), 8, 160, 120, 21);
        List<String> lines = Files.readAllLines(manifest);
        List<String> withFolds = new ArrayList<>(List.of(lines.get(0) + ",fold"));
        for (int i = 1; i < lines.size(); i++) {
            withFolds.add(lines.get(i) + "," + ((i - 1) / 2) % 2);
        }
        Files.write(manifest, withFolds);
        run = dir.resolve("run");
        evaluated = CliRun.of("eval", manifest.toString(), "--out", run.toString(), "--store", dir.resolve("t.db").toString());
    }

    @Test
    void a_run_is_fitted_and_the_fitted_graph_file_loads_with_its_new_name() throws IOException {
        assertEquals(0, evaluated.exitCode(), evaluated.err());
        Path graph = dir.resolve("forensic-calibrated.yaml");
        CliRun calibrated = CliRun.of("eval", "calibrate", run.toString(), "--out", graph.toString());
        assertEquals(0, calibrated.exitCode(), calibrated.err());
        assertTrue(calibrated.out().contains("camera originals called fake"), calibrated.out());
        assertTrue(calibrated.out().contains("| (all tools) |"), calibrated.out());
        assertTrue(calibrated.out().contains("| measure | graph file as written | fitted, held out |"), calibrated.out());
        var spec = GraphSpecParser.parse(Files.readString(graph), graph.toString());
        assertEquals("forensic-calibrated", spec.name());
        assertTrue(((Map<?, ?>) spec.policy().settings().get("weights")).containsKey("camera_exif_intact"));
        assertTrue(Files.readString(graph).matches("(?s).*# Fitted by `loupe eval calibrate` on run run-[0-9a-f]{8} \\(8 items\\).*"));
        assertTrue(Files.isRegularFile(run.resolve("calibration.md")));
        assertTrue(Files.readString(run.resolve("calibration.json")).contains("\"originals_called_fake\""));
        assertTrue(Files.readString(run.resolve("calibration.json")).contains("\"graph_file_as_written\""));
    }

    @Test
    void a_fit_shrinking_toward_weights_that_were_themselves_fitted_says_its_folds_may_not_be_held_out() throws IOException {
        assertEquals(0, evaluated.exitCode(), evaluated.err());

        CliRun towardShipped = CliRun.of("eval", "calibrate", run.toString(), "--out", dir.resolve("a.yaml").toString());
        CliRun towardReasoned = CliRun.of("eval", "calibrate", run.toString(), "--out", dir.resolve("b.yaml").toString(),
                "--prior", "evaluation/calibration/forensic-reasoned.yaml");

        assertEquals(0, towardShipped.exitCode(), towardShipped.err());
        assertTrue(towardShipped.out().contains("the held-out figures below are not held out"), towardShipped.out());
        assertEquals(0, towardReasoned.exitCode(), towardReasoned.err());
        assertTrue(towardReasoned.out().contains("shrink toward the reasoned weights of evaluation/calibration/forensic-reasoned.yaml"),
                towardReasoned.out());
        assertTrue(Files.readString(run.resolve("calibration.json")).contains("\"prior_fitted_by\" : null"));
    }

    @Test
    void a_run_whose_threads_were_kept_in_memory_is_refused_in_one_line() throws IOException {
        Path manifest = GeneratedImages.write(dir.resolve("memory-set"), 2, 64, 48, 3);
        Path memoryRun = dir.resolve("memory-run");
        assertEquals(0, CliRun.of("eval", manifest.toString(), "--out", memoryRun.toString()).exitCode());
        CliRun refused = CliRun.of("eval", "calibrate", memoryRun.toString(), "--out", dir.resolve("x.yaml").toString());
        assertEquals(2, refused.exitCode());
        assertEquals(1, refused.errLines().size(), refused.err());
        assertTrue(refused.err().contains("kept its threads in memory"), refused.err());
    }

    @Test
    void a_manifest_without_folds_is_refused_naming_the_column() throws IOException {
        Path manifest = GeneratedImages.write(dir.resolve("no-folds"), 2, 64, 48, 4);
        Path noFolds = dir.resolve("no-folds-run");
        assertEquals(0, CliRun.of("eval", manifest.toString(), "--out", noFolds.toString(), "--store",
                dir.resolve("n.db").toString()).exitCode());
        CliRun refused = CliRun.of("eval", "calibrate", noFolds.toString(), "--out", dir.resolve("y.yaml").toString());
        assertEquals(2, refused.exitCode());
        assertEquals(1, refused.errLines().size(), refused.err());
        assertTrue(refused.err().contains("fold column"), refused.err());
    }
}
