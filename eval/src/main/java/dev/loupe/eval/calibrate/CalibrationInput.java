package dev.loupe.eval.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.core.LoupeException;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.ResultEvidence;
import dev.loupe.eval.ResultsReader;
import dev.loupe.eval.RunFolder;
import dev.loupe.eval.metrics.ContentClass;
import dev.loupe.tool.forensic.qtables.TableFacts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads a run's scored items for calibration: label, fold, category and group from the result lines,
 * the findings from each item's stored result (the evidence the policy weighed, every finding listed,
 * weight 0 included), and, for items whose {@value LabelledFindings#TABLE_TOOL} finding calibration
 * recomputes per fold, the EXIF make and tables from the image file itself. Items whose analysis
 * failed are left out, as the run's metrics leave them out.
 */
public final class CalibrationInput {

    private CalibrationInput() {
    }

    /**
     * @param results a thread's stored result by thread id (the run's thread store)
     * @param images  the folder the run's item paths are relative to (the manifest's)
     */
    public static List<LabelledFindings> read(RunFolder run, Function<String, Optional<JsonNode>> results, Path images) {
        List<ItemResult> lines = new ArrayList<>();
        ResultsReader.forEach(run.results(), lines::add);
        List<LabelledFindings> items = new ArrayList<>();
        for (ItemResult line : lines) {
            if (line.failed()) {
                continue;
            }
            String fold = line.extra().get("fold");
            if (fold == null || !fold.strip().matches("\\d+")) {
                throw LoupeException.badInput("item " + line.id() + " of run " + run.runId() + " has no whole-number "
                        + "fold column: calibration keeps each original and its variants in one fold; add a fold "
                        + "column to the manifest (evaluation/fetch-dev-set.sh writes one) and run it again");
            }
            JsonNode result = results.apply(line.threadId()).orElseThrow(() -> LoupeException.badInput("thread "
                    + line.threadId() + " of run " + run.runId() + " is not in the thread store: give the run's --store"));
            Map<String, String> findings = ResultEvidence.findings(result);
            TableFacts tables = findings.containsValue(LabelledFindings.TABLE_TOOL) ? tables(images.resolve(line.path()), run) : null;
            boolean fake = "fake".equals(line.expected());
            items.add(new LabelledFindings(line.id(), fake, Integer.parseInt(fold.strip()),
                    line.expectedCategory() == null ? "" : line.expectedCategory(), line.group(), findings, tables,
                    ContentClass.of(fake, line.expectedCategory(), line.extra())));
        }
        if (items.stream().map(LabelledFindings::fold).distinct().count() < 2
                || items.stream().noneMatch(LabelledFindings::fake) || items.stream().allMatch(LabelledFindings::fake)) {
            throw LoupeException.badInput("run " + run.runId() + " needs real and fake items in at least two folds "
                    + "to calibrate; it has " + items.size() + " scored items");
        }
        return items;
    }

    private static TableFacts tables(Path image, RunFolder run) {
        try {
            return TableFacts.of(Files.readAllBytes(image)).orElse(null);
        } catch (IOException e) {
            throw LoupeException.badInput(image + ": cannot read this image of run " + run.runId() + " ("
                    + e.getClass().getSimpleName() + "); calibration re-reads each file's quantization tables to rebuild "
                    + "the table reference per fold: run it where the run's images are");
        }
    }
}
