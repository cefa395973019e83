package dev.loupe.eval.metrics;

import dev.loupe.eval.detect.BoxScores;
import java.util.List;
import java.util.Map;

/**
 * Every number of one run. Items whose analysis failed are counted in {@code errors} and left out of
 * every other figure.
 *
 * @param items            results read (one per item)
 * @param errors           failed analyses among {@code items}
 * @param confusion        verdicts against labels, failed items excluded
 * @param categories       accuracy per manifest category ({@code (none)} when an item has none)
 * @param calibration      P(fake) against the labels
 * @param auroc            of P(fake), NaN when a class is missing
 * @param pFakeFromResult  items whose P(fake) came from the result; the others' was derived from the verdict
 * @param confidenceByClass histograms of the stated confidence, by expected class
 * @param pFakeByClass     histograms of P(fake), by expected class
 * @param costPerItem      mean cost in dollars of items with a known cost, NaN when none had one
 * @param flags            how many results raised each flag (limit_reached …)
 * @param worstMistakes    the most confident wrong answers, most confident first
 * @param fieldAccuracy    per output field a manifest column names: answers equal to the column's value
 * @param exactMatch       items whose every scored field was right, among items with a scored field
 * @param boxes            box scores per label and {@code all}, when the manifest has a {@code boxes} column
 * @param fieldRanks       per list column ({@code passages_used.*.position}): recall at 1 and 3, and MRR
 * @param failures         the items whose analysis failed, in manifest order, at most {@value #MAX_FAILURES}
 * @param content          the content question's bars per content class, when the manifest has the content
 *                         set's columns ({@link ContentClass#CONTENT_SET_COLUMN}); else null
 */
public record EvalMetrics(long items, Rate errors, ConfusionMatrix confusion, Map<String, ClassScores> classes,
                          Map<String, Rate> categories, Calibration calibration, double auroc, long pFakeFromResult,
                          Map<String, Histogram> confidenceByClass, Map<String, Histogram> pFakeByClass,
                          Latency latency, double inputTokensPerItem, double outputTokensPerItem,
                          double costPerItem, double costTotal, long costUnknown, List<ToolStats> tools,
                          Map<String, Long> flags, List<Mistake> worstMistakes, Map<String, Rate> fieldAccuracy,
                          Rate exactMatch, Map<String, BoxScores> boxes, Map<String, RankScores> fieldRanks,
                          List<FailedItem> failures, ContentBars content) {

    /** How many failed items a report names; the count covers them all. */
    public static final int MAX_FAILURES = 100;

    /** Items with an answer: every item but those whose analysis failed. */
    public long scored() {
        return items - errors.successes();
    }
}
