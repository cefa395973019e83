package dev.loupe.eval.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

/**
 * The content question's bars, computed once for whoever scored the items ({@code loupe eval}'s
 * summary, {@code loupe eval calibrate}'s held-out report): the verdicts per content class and the
 * rates the targets are set for, each with its Wilson interval, and the expected calibration error
 * with a bootstrap interval over whole photos, over every item but the re-saves; then how those
 * re-saves (no pixel changed, {@link ContentItem#resave()}) were called.
 *
 * @param classes          verdicts per content class, in the enum's order (classes without items left out)
 * @param carefulCaught    careful forgeries called fake
 * @param fakesCaught      all fakes called fake
 * @param originalsFlagged camera originals called fake
 * @param originalsReal    camera originals called real
 * @param processedFake    processed photos called fake
 * @param processedReal    processed photos whose camera evidence survives called real
 * @param abstention       items called uncertain
 * @param fakesRealSure    fakes called real with a confidence of at least {@value #SURE}
 * @param accuracy         items called right
 * @param ece              expected calibration error of P(fake), 10 bins, classes balanced ({@link BalancedEce})
 * @param eceMix           the same on the set's own mix of fakes and originals
 * @param eceLow           2.5th percentile of the ECE over bootstrap resamples of whole photos
 * @param eceHigh          97.5th percentile
 * @param auroc            of P(fake)
 * @param resavesReal      re-saves called real
 * @param resavesUncertain re-saves called uncertain
 * @param resavesSure      re-saves called real with a confidence of at least {@value #SURE}
 */
public record ContentBars(Map<ContentClass, Verdicts> classes, Rate carefulCaught, Rate fakesCaught,
                          Rate originalsFlagged, Rate originalsReal, Rate processedFake, Rate processedReal,
                          Rate abstention, Rate fakesRealSure, Rate accuracy, double ece, double eceMix,
                          double eceLow, double eceHigh, double auroc,
                          Rate resavesReal, Rate resavesUncertain, Rate resavesSure) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static final int RESAMPLES = 2000;
    public static final long SEED = 20261124L;

    /** A confidence this high in {@code real} is wrong for a fake, and for a file no tool can tell from a re-save. */
    public static final double SURE = 0.9;

    /** The target the ECE is held to. */
    public static final double ECE_TARGET = 0.05;

    /** How a class was called. */
    public record Verdicts(Rate fake, Rate real, Rate uncertain) {
        static final Verdicts NONE = new Verdicts(Rate.of(0, 0), Rate.of(0, 0), Rate.of(0, 0));
    }

    /**
     * One bar: what is measured, the rate, and the share it must stay within ({@code atMost}) or reach;
     * without a target, a figure reported beside the bars.
     */
    public record Bar(String measure, Rate rate, Double target, boolean atMost) {

        /** Whether the rate meets the target; true without one, false with no items. */
        public boolean met() {
            return target == null || rate.defined() && (atMost ? rate.value() <= target + 1e-12 : rate.value() >= target - 1e-12);
        }

        /** "≤ 5%", "≥ 90%", "0", or "" without a target. */
        public String targetText() {
            if (target == null) {
                return "";
            }
            return target == 0 && atMost ? "0" : String.format(Locale.ROOT, "%s %.0f%%", atMost ? "≤" : "≥", 100 * target);
        }
    }

    /** The bars in the order reports list them, the targets first where they have one. */
    public List<Bar> bars() {
        List<Bar> bars = new ArrayList<>();
        bars.add(new Bar("processed photos called fake", processedFake, 0.05, true));
        bars.add(new Bar("processed photos called real, where camera evidence survives", processedReal, 0.70, false));
        bars.add(new Bar("careful forgeries called fake", carefulCaught, 0.85, false));
        bars.add(classBar(ContentClass.CAREFUL_THEN_PROCESSED, null, false));
        bars.add(classBar(ContentClass.OTHER_MANIPULATION, 0.95, false));
        bars.add(classBar(ContentClass.AI_MARKED, 0.95, false));
        bars.add(new Bar("camera originals called real", originalsReal, 0.90, false));
        bars.add(new Bar("camera originals called fake", originalsFlagged, 0.02, true));
        bars.add(new Bar("uncertain (abstention), all items", abstention, 0.15, true));
        bars.add(new Bar(String.format(Locale.ROOT, "fakes called real with confidence ≥ %.1f", SURE), fakesRealSure, 0.0, true));
        bars.add(new Bar("all fakes called fake", fakesCaught, null, false));
        bars.add(new Bar("accuracy (uncertain counts as wrong)", accuracy, null, false));
        return bars;
    }

    /** Whether the ECE is at or below its target. */
    public boolean eceMet() {
        return ece <= ECE_TARGET;
    }

    /** Whether the ECE's whole bootstrap interval is at or below its target, not only the value measured. */
    public boolean eceIntervalMet() {
        return eceHigh <= ECE_TARGET;
    }

    private Bar classBar(ContentClass c, Double target, boolean atMost) {
        return new Bar(c.label() + " called fake", classes.getOrDefault(c, Verdicts.NONE).fake(), target, atMost);
    }

    /** The bars as the JSON of {@code calibration.json} and {@code metrics.json}: each rate as count, of, value, low, high. */
    public ObjectNode json() {
        ObjectNode node = JSON.createObjectNode();
        ObjectNode byClass = node.putObject("content_classes");
        classes.forEach((c, v) -> {
            ObjectNode one = byClass.putObject(c.name().toLowerCase(Locale.ROOT));
            rate(one, "fake", v.fake());
            rate(one, "real", v.real());
            rate(one, "uncertain", v.uncertain());
        });
        rate(node, "processed_called_fake", processedFake);
        rate(node, "processed_with_camera_evidence_called_real", processedReal);
        rate(node, "originals_called_real", originalsReal);
        rate(node, "fakes_called_real_with_high_confidence", fakesRealSure);
        rate(node, "careful_caught", carefulCaught);
        rate(node, "fakes_caught", fakesCaught);
        rate(node, "originals_called_fake", originalsFlagged);
        rate(node, "abstention", abstention);
        rate(node, "accuracy", accuracy);
        node.putObject("ece").put("value", ece).put("classes", "balanced")
                .put("on_the_set_mix", eceMix).put("low", eceLow).put("high", eceHigh)
                .put("resamples", RESAMPLES).put("resampled", "photos").put("seed", SEED);
        node.put("auroc", auroc);
        rate(node, "resaves_called_real", resavesReal);
        rate(node, "resaves_called_uncertain", resavesUncertain);
        rate(node, "resaves_called_real_with_high_confidence", resavesSure);
        return node;
    }

    private static void rate(ObjectNode node, String name, Rate rate) {
        node.putObject(name).put("count", rate.successes()).put("of", rate.trials()).put("value", rate.value())
                .put("low", rate.low()).put("high", rate.high());
    }

    public static ContentBars of(List<ContentItem> all) {
        List<ContentItem> items = all.stream().filter(item -> !item.resave()).toList();
        List<ContentItem> resaves = all.stream().filter(ContentItem::resave).toList();
        double[] p = items.stream().mapToDouble(ContentItem::pFake).toArray();
        boolean[] fake = new boolean[items.size()];
        Calibration calibration = new Calibration();
        for (int i = 0; i < fake.length; i++) {
            fake[i] = items.get(i).fake();
            calibration.add(p[i], fake[i]);
        }
        double[] resampled = resampledEce(items, p, fake);
        Arrays.sort(resampled);
        Map<ContentClass, Verdicts> classes = new EnumMap<>(ContentClass.class);
        for (ContentClass c : ContentClass.values()) {
            Predicate<ContentItem> of = item -> item.content() == c;
            if (items.stream().anyMatch(of)) {
                classes.put(c, new Verdicts(rate(items, of, "fake"), rate(items, of, "real"), rate(items, of, "uncertain")));
            }
        }
        Predicate<ContentItem> originals = item -> item.content() == ContentClass.CAMERA_ORIGINAL;
        Predicate<ContentItem> processed = item -> item.content() == ContentClass.PROCESSED;
        return new ContentBars(classes,
                rate(items, item -> item.content() == ContentClass.CAREFUL, "fake"),
                rate(items, ContentItem::fake, "fake"),
                rate(items, originals, "fake"),
                rate(items, originals, "real"),
                rate(items, processed, "fake"),
                rate(items, processed.and(ContentItem::cameraEvidence), "real"),
                rate(items, item -> true, "uncertain"),
                sure(items.stream().filter(ContentItem::fake).toList()),
                Rate.of(items.stream().filter(item -> item.verdict().equals(item.fake() ? "fake" : "real")).count(), items.size()),
                BalancedEce.of(p, fake), calibration.expectedCalibrationError(),
                items.isEmpty() ? Double.NaN : resampled[(int) (0.025 * RESAMPLES)],
                items.isEmpty() ? Double.NaN : resampled[(int) (0.975 * RESAMPLES) - 1],
                Auroc.of(p, fake),
                rate(resaves, item -> true, "real"), rate(resaves, item -> true, "uncertain"), sure(resaves));
    }

    private static Rate sure(List<ContentItem> items) {
        return Rate.of(items.stream().filter(item -> "real".equals(item.verdict()) && item.realConfidence() >= SURE).count(),
                items.size());
    }

    /**
     * The balanced ECE over resamples of whole photos: an original and everything made from it are
     * drawn together, since they share most of their findings and are not independent evidence.
     */
    private static double[] resampledEce(List<ContentItem> items, double[] p, boolean[] fake) {
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            groups.computeIfAbsent(items.get(i).group(), g -> new ArrayList<>()).add(i);
        }
        List<List<Integer>> photos = List.copyOf(groups.values());
        double[] resampled = new double[RESAMPLES];
        if (photos.isEmpty()) {
            return resampled;
        }
        Random random = new Random(SEED);
        for (int r = 0; r < RESAMPLES; r++) {
            Sample sample = new Sample();
            for (int g = 0; g < photos.size(); g++) {
                for (int i : photos.get(random.nextInt(photos.size()))) {
                    sample.add(p[i], fake[i]);
                }
            }
            resampled[r] = sample.ece();
        }
        return resampled;
    }

    /** One bootstrap sample's scores and labels, grown as whole photos are drawn. */
    private static final class Sample {
        private double[] p = new double[64];
        private boolean[] fake = new boolean[64];
        private int size;

        void add(double value, boolean label) {
            if (size == p.length) {
                p = Arrays.copyOf(p, 2 * size);
                fake = Arrays.copyOf(fake, 2 * size);
            }
            p[size] = value;
            fake[size++] = label;
        }

        double ece() {
            return BalancedEce.of(Arrays.copyOf(p, size), Arrays.copyOf(fake, size));
        }
    }

    private static Rate rate(List<ContentItem> items, Predicate<ContentItem> which, String verdict) {
        long n = items.stream().filter(which).count();
        long hits = items.stream().filter(which).filter(item -> verdict.equals(item.verdict())).count();
        return Rate.of(hits, n);
    }
}
