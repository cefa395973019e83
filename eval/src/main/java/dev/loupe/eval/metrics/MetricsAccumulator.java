package dev.loupe.eval.metrics;

import dev.loupe.eval.detect.BoxTally;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.ToolRun;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Computes {@link EvalMetrics} in one pass over results, keeping only what each metric needs:
 * counts, the (P(fake), label) pairs for AUROC, one latency per item, tool timings, and the ten most
 * confident mistakes. Never the results themselves.
 */
public final class MetricsAccumulator {

    static final int WORST = 10;
    private static final String NO_CATEGORY = "(none)";

    private final ConfusionMatrix confusion = new ConfusionMatrix();
    private final Calibration calibration = new Calibration();
    private final Map<String, long[]> categories = new TreeMap<>();
    private final DoubleList pFakes = new DoubleList();
    private final BitSet fakeLabels = new BitSet();
    private final DoubleList latencies = new DoubleList();
    private final Map<String, DoubleList> confidences = Map.of("real", new DoubleList(), "fake", new DoubleList());
    private final Map<String, DoubleList> pFakeByClass = Map.of("real", new DoubleList(), "fake", new DoubleList());
    private final Map<String, long[]> toolCounts = new TreeMap<>();
    private final Map<String, DoubleList> toolSeconds = new TreeMap<>();
    private final Map<String, Long> flags = new TreeMap<>();
    private final PriorityQueue<Mistake> worst = new PriorityQueue<>(Comparator.comparingDouble(Mistake::confidence)
            .thenComparing(Mistake::index, Comparator.reverseOrder()));
    private final Map<String, long[]> fieldCounts = new TreeMap<>();
    /** Per list column: items, right at rank 1, right within rank 3, and the sum of reciprocal ranks . */
    private final Map<String, double[]> fieldRanks = new TreeMap<>();
    private final long[] exact = new long[2];
    private final BoxTally boxes = new BoxTally();
    private final List<ContentItem> content = new ArrayList<>();
    private final Predicate<Collection<String>> cameraEvidence;
    private long items;
    private long errors;
    private final List<FailedItem> failures = new ArrayList<>();
    private long fromResult;
    private long inputTokens;
    private long outputTokens;
    private double cost;
    private long costKnown;

    /** Metrics that cannot tell which findings say the camera's encoding survives. */
    public MetricsAccumulator() {
        this(codes -> false);
    }

    /**
     * @param cameraEvidence whether a result's finding codes say the camera's own encoding survives (the
     *                       graph's {@code history.camera_original}), for the bar on processed photos called real
     */
    public MetricsAccumulator(Predicate<Collection<String>> cameraEvidence) {
        this.cameraEvidence = cameraEvidence;
    }

    public void add(ItemResult result) {
        items++;
        if (result.totalSeconds() != null) {
            latencies.add(result.totalSeconds());
        }
        for (ToolRun run : result.tools()) {
            long[] counts = toolCounts.computeIfAbsent(run.tool(), t -> new long[2]);
            counts[0]++;
            counts[1] += run.failed() ? 1 : 0;
            toolSeconds.computeIfAbsent(run.tool(), t -> new DoubleList()).add(run.seconds());
        }
        if (result.failed()) {
            errors++;
            if (failures.size() < EvalMetrics.MAX_FAILURES) {
                failures.add(new FailedItem(result.index(), result.id(), result.path(), result.error(), result.threadId()));
            }
            result.flags().forEach(flag -> flags.merge(flag, 1L, Long::sum)); // why it failed (error:bad_input …)
            return;
        }
        inputTokens += result.inputTokens();
        outputTokens += result.outputTokens();
        if (result.cost() != null) {
            cost += result.cost();
            costKnown++;
        }
        result.flags().forEach(flag -> flags.merge(flag, 1L, Long::sum));
        addFields(result);
        boxes.add(result.extra(), result.fields().get(BoxTally.COLUMN));
        if (result.expected() != null) {
            addLabelled(result);
        }
    }

    /** Field accuracy: every manifest column that names an output field. */
    private void addFields(ItemResult result) {
        Map<String, Boolean> matches = result.fieldMatches();
        if (matches.isEmpty()) {
            return;
        }
        matches.forEach((field, match) -> {
            long[] counts = fieldCounts.computeIfAbsent(field, f -> new long[2]);
            counts[0] += match ? 1 : 0;
            counts[1]++;
        });
        exact[0] += matches.containsValue(false) ? 0 : 1;
        exact[1]++;
        result.fieldRanks().forEach((field, rank) -> {
            if (dev.loupe.eval.FieldColumn.parse(field).ranked()) {
                double[] sums = fieldRanks.computeIfAbsent(field, f -> new double[4]);
                sums[0]++;
                sums[1] += rank == 1 ? 1 : 0;
                sums[2] += rank >= 1 && rank <= 3 ? 1 : 0;
                sums[3] += rank == 0 ? 0 : 1.0 / rank;
            }
        });
    }

    /** The real/fake figures, for items the manifest labels. */
    private void addLabelled(ItemResult result) {
        String expected = result.expected();
        confusion.add(expected, result.verdict());
        boolean correct = Boolean.TRUE.equals(result.correct());
        long[] category = categories.computeIfAbsent(
                result.expectedCategory() == null ? NO_CATEGORY : result.expectedCategory(), c -> new long[2]);
        category[0] += correct ? 1 : 0;
        category[1]++;
        double p = result.probabilityFake();
        fromResult += result.pFake() != null ? 1 : 0;
        boolean fake = expected.equals("fake");
        calibration.add(p, fake);
        fakeLabels.set(pFakes.size(), fake);
        pFakes.add(p);
        pFakeByClass.get(expected).add(p);
        if (result.confidence() != null) {
            confidences.get(expected).add(result.confidence());
        }
        if (!correct && result.answered()) {
            offerMistake(result, p);
        }
        if (result.extra().containsKey(ContentClass.CONTENT_SET_COLUMN)) {
            double confidence = result.confidence() == null ? 1 - p : result.confidence();
            content.add(new ContentItem(ContentClass.of(fake, result.expectedCategory(), result.extra()), result.group(), fake,
                    String.valueOf(result.verdict()), p, confidence, cameraEvidence.test(result.findings()),
                    ContentClass.RESAVE.equals(result.expectedCategory())));
        }
    }

    private void offerMistake(ItemResult result, double p) {
        worst.add(new Mistake(result.index(), result.id(), result.path(), result.expected(), result.verdict(),
                result.confidence() == null ? Double.NaN : result.confidence(), p, result.expectedCategory(),
                result.threadId()));
        if (worst.size() > WORST) {
            worst.poll();
        }
    }

    public EvalMetrics result() {
        Map<String, ClassScores> classes = new LinkedHashMap<>();
        for (String label : ConfusionMatrix.EXPECTED) {
            classes.put(label, ClassScores.of(confusion, label));
        }
        Map<String, Rate> categoryRates = new LinkedHashMap<>();
        categories.forEach((name, counts) -> categoryRates.put(name, Rate.of(counts[0], counts[1])));
        boolean[] positive = new boolean[pFakes.size()];
        for (int i = 0; i < positive.length; i++) {
            positive[i] = fakeLabels.get(i);
        }
        List<ToolStats> tools = new ArrayList<>();
        toolCounts.forEach((tool, counts) -> {
            double[] sorted = toolSeconds.get(tool).sorted();
            tools.add(new ToolStats(tool, Rate.of(counts[1], counts[0]), Percentiles.mean(sorted),
                    Percentiles.nearestRank(sorted, 0.95)));
        });
        List<Mistake> mistakes = new ArrayList<>(worst);
        mistakes.sort(worst.comparator().reversed());
        long scored = items - errors;
        Map<String, Rate> fieldRates = new LinkedHashMap<>();
        fieldCounts.forEach((field, counts) -> fieldRates.put(field, Rate.of(counts[0], counts[1])));
        Map<String, RankScores> ranks = new LinkedHashMap<>();
        fieldRanks.forEach((field, sums) -> ranks.put(field, new RankScores(Rate.of((long) sums[1], (long) sums[0]),
                Rate.of((long) sums[2], (long) sums[0]), sums[3] / sums[0])));
        return new EvalMetrics(items, Rate.of(errors, items), confusion, classes, categoryRates, calibration,
                Auroc.of(pFakes.toArray(), positive), fromResult,
                histograms(confidences), histograms(pFakeByClass), Latency.of(latencies.sorted()),
                scored == 0 ? Double.NaN : (double) inputTokens / scored,
                scored == 0 ? Double.NaN : (double) outputTokens / scored,
                costKnown == 0 ? Double.NaN : cost / costKnown, cost, scored - costKnown, tools, flags, mistakes,
                fieldRates, Rate.of(exact[0], exact[1]), boxes.scores(), ranks, List.copyOf(failures),
                content.isEmpty() ? null : ContentBars.of(content));
    }

    private static Map<String, Histogram> histograms(Map<String, DoubleList> byClass) {
        Map<String, Histogram> result = new LinkedHashMap<>();
        for (String label : ConfusionMatrix.EXPECTED) {
            result.put(label, Histogram.of(byClass.get(label).toArray(), 0, 1, 10));
        }
        return result;
    }
}
