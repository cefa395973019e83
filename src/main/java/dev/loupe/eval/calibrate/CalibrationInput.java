package dev.loupe.eval.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.core.LoupeException;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.ResultsReader;
import dev.loupe.eval.RunFolder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads a run's scored items for calibration: label, fold and category from the result lines, the
 * findings from each item's stored result (the evidence the policy weighed, every finding listed,
 * weight 0 included). Items whose analysis failed are left out, as the run's metrics leave them out.
 */
public final class CalibrationInput {

    private CalibrationInput() {
    }

    /**
     * @param results a thread's stored result by thread id (the run's thread store)
     */
    public static List<LabelledFindings> read(RunFolder run, Function<String, Optional<JsonNode>> results) {
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
            items.add(new LabelledFindings(line.id(), "fake".equals(line.expected()), Integer.parseInt(fold.strip()),
                    line.expectedCategory() == null ? "" : line.expectedCategory(), findings(result)));
        }
        if (items.stream().map(LabelledFindings::fold).distinct().count() < 2
                || items.stream().noneMatch(LabelledFindings::fake) || items.stream().allMatch(LabelledFindings::fake)) {
            throw LoupeException.badInput("run " + run.runId() + " needs real and fake items in at least two folds "
                    + "to calibrate; it has " + items.size() + " scored items");
        }
        return items;
    }

    /** Finding code → tool, from the result's evidence ({@code finding} is "code: detail"). */
    static Map<String, String> findings(JsonNode result) {
        Map<String, String> codes = new LinkedHashMap<>();
        for (JsonNode evidence : result.path("evidence")) {
            String finding = evidence.path("finding").asText("");
            int colon = finding.indexOf(':');
            String code = (colon < 0 ? finding : finding.substring(0, colon)).strip();
            if (code.matches("[a-z0-9_]+")) {
                codes.putIfAbsent(code, evidence.path("tool").asText("unknown"));
            }
        }
        return codes;
    }
}
