package dev.loupe.eval.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.Results;
import dev.loupe.eval.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code eval compare} beyond flipped verdicts: how P(fake) moved, and whether the configurations differ. */
class PFakeShiftAndFingerprintTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private RunFolder run(String name, String graphHash, List<ItemResult> results) throws IOException {
        RunFolder folder = new RunFolder(dir.resolve(name));
        folder.createDirectories();
        ObjectNode run = JSON.createObjectNode().put("graph", "forensic");
        ObjectNode fingerprint = run.putObject("fingerprint").put("version", "0.1.0");
        fingerprint.putObject("graph_file").put("sha256", graphHash);
        folder.writeRun(run);
        Files.write(folder.results(), results.stream().map(ItemResult::toLine).toList());
        return folder;
    }

    @Test
    void reports_the_mean_absolute_change_and_the_items_that_moved_more_than_a_tenth() throws IOException {
        RunFolder a = run("a", "aaaa", List.of(
                Results.answered(0, "fake", "fake", 0.7, 0.70, "x", 1),
                Results.answered(1, "real", "real", 0.8, 0.20, "x", 1),
                Results.answered(2, "fake", "fake", 0.9, 0.90, "x", 1)));
        RunFolder b = run("b", "aaaa", List.of(
                Results.answered(0, "fake", "fake", 0.95, 0.95, "x", 1),    // same verdict, +0.25
                Results.answered(1, "real", "real", 0.75, 0.25, "x", 1),    // +0.05: not listed
                Results.answered(2, "fake", "fake", 0.9, 0.90, "x", 1)));

        RunComparison comparison = RunComparison.of(a, b);

        assertEquals(0, comparison.flips().size());
        assertEquals(3, comparison.pFake().items());
        assertEquals(0.1, comparison.pFake().meanAbsoluteChange(), 1e-12);
        assertEquals(List.of("item-0"), comparison.pFake().moved().stream().map(PFakeShift.Move::id).toList());
        assertEquals(List.of(), comparison.fingerprintChanges());
        String text = ComparisonText.of(comparison);
        assertTrue(text.contains("configuration: the same fingerprint"), text);
        assertTrue(text.contains("P(fake): mean absolute change 0.100 over 3 items; 1 moved more than 0.1"), text);
        assertTrue(text.contains("  item-0: 0.700 → 0.950 (+0.250; threads run-0, run-0)"), text);
    }

    @Test
    void says_when_the_two_runs_configurations_differ() throws IOException {
        RunFolder a = run("a", "aaaa", List.of(Results.answered(0, "fake", "fake", 0.7, 0.7, "x", 1)));
        RunFolder b = run("b", "bbbb", List.of(Results.answered(0, "fake", "fake", 0.7, 0.7, "x", 1)));

        RunComparison comparison = RunComparison.of(a, b);

        assertEquals(List.of("/graph_file/sha256: \"aaaa\" → \"bbbb\""), comparison.fingerprintChanges());
        String text = ComparisonText.of(comparison);
        assertTrue(text.contains("configuration DIFFERS: 1 fingerprint value changed\n  /graph_file/sha256: \"aaaa\" → \"bbbb\""),
                text);
    }
}
