package dev.loupe.eval.localize;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.eval.metrics.Auroc;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The localization figures of a set of items, per map: AUROC of the map's peak (careful forgeries
 * against authentic items, and forgeries saved with a library's defaults against them), and per
 * forgery kind, for each of the two groups, over manipulations covering at least
 * {@link #MIN_AREA_PERCENT}% of the frame, the mean pixel-F1 and IoU at a threshold fixed on the
 * other folds (the one that maximizes their mean F1), and the mean F1 at each item's own best
 * threshold (named "oracle": an upper bound, not a figure a user gets).
 */
final class LocalizationReport {

    static final double MIN_AREA_PERCENT = 3.0;
    static final List<String> KINDS = List.of("splice", "inpaint", "copy_move", "retouch");

    private LocalizationReport() {
    }

    static ObjectNode of(List<ItemMaps> items) {
        Set<String> maps = new LinkedHashSet<>();
        items.forEach(i -> maps.addAll(i.peaks().keySet()));
        ObjectNode report = JsonNodeFactory.instance.objectNode();
        report.put("items", items.size()).put("min_area_percent", MIN_AREA_PERCENT);
        for (String map : maps) {
            ObjectNode node = report.putObject(map);
            node.put("auroc_careful_vs_authentic", round(auroc(items, map, ItemMaps::careful)));
            node.put("auroc_not_careful_vs_authentic", round(auroc(items, map, ItemMaps::notCareful)));
            localization(items, map, ItemMaps::careful, node.putObject("careful"));
            localization(items, map, ItemMaps::notCareful, node.putObject("not_careful"));
            localization(items, map, i -> "fake".equals(i.item().label()), node.putObject("all_manipulated"));
        }
        return report;
    }

    /** The AUROC of the map's peak, the {@code forgeries} against the authentic items. */
    private static double auroc(List<ItemMaps> items, String map, Predicate<ItemMaps> forgeries) {
        List<Double> scores = new ArrayList<>();
        List<Boolean> positive = new ArrayList<>();
        for (ItemMaps item : items) {
            if (forgeries.test(item) || item.authentic()) {
                scores.add(item.peaks().getOrDefault(map, 0.0));
                positive.add(forgeries.test(item));
            }
        }
        double[] s = new double[scores.size()];
        boolean[] p = new boolean[scores.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = scores.get(i);
            p[i] = positive.get(i);
        }
        return Auroc.of(s, p);
    }

    private static void localization(List<ItemMaps> all, String map, Predicate<ItemMaps> which, ObjectNode node) {
        List<ItemMaps> items = all.stream().filter(which)
                .filter(i -> i.areaPercent() >= MIN_AREA_PERCENT && i.histograms().containsKey(map)).toList();
        // a missing component (a PNG has no error levels) scores nothing on that item: counted as F1 0
        List<ItemMaps> missing = all.stream().filter(which)
                .filter(i -> i.areaPercent() >= MIN_AREA_PERCENT && !i.histograms().containsKey(map)
                        && !i.histograms().isEmpty()).toList();
        for (String kind : KINDS) {
            List<ItemMaps> ofKind = items.stream().filter(i -> kind.equals(i.column("kind"))).toList();
            long absent = missing.stream().filter(i -> kind.equals(i.column("kind"))).count();
            double f1 = 0;
            double iou = 0;
            double oracle = 0;
            for (ItemMaps item : ofKind) {
                int k = heldOutThreshold(items, map, item.fold());
                MaskHistogram h = item.histograms().get(map);
                f1 += h.f1(k);
                iou += h.iou(k);
                oracle += h.f1(h.best());
            }
            double n = ofKind.size() + absent;
            node.putObject(kind).put("n", (long) n).put("pixel_f1", n == 0 ? 0 : round(f1 / n))
                    .put("iou", n == 0 ? 0 : round(iou / n)).put("oracle_f1", n == 0 ? 0 : round(oracle / n));
        }
    }

    /** The threshold index with the best mean F1 over the items of the other folds. */
    static int heldOutThreshold(List<ItemMaps> items, String map, int fold) {
        double[] sums = new double[MaskHistogram.THRESHOLDS];
        for (ItemMaps item : items) {
            if (item.fold() != fold) {
                MaskHistogram h = item.histograms().get(map);
                for (int k = 0; k < sums.length; k++) {
                    sums[k] += h.f1(k);
                }
            }
        }
        int best = 0;
        for (int k = 1; k < sums.length; k++) {
            if (sums[k] > sums[best]) {
                best = k;
            }
        }
        return best;
    }

    /** The report as a table for the terminal: per map, the careful forgeries' line and the library-saved ones'. */
    static String text(ObjectNode report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-20s %-11s %7s  %-34s  %s%n", "map", "forgeries", "AUROC",
                "F1 / IoU / oracle F1 per kind", "(kinds: " + String.join(", ", KINDS) + "; area >= " + MIN_AREA_PERCENT + "%)"));
        report.fields().forEachRemaining(e -> {
            if (!e.getValue().isObject()) {
                return;
            }
            for (String group : List.of("careful", "not_careful")) {
                StringBuilder kinds = new StringBuilder();
                for (String kind : KINDS) {
                    var k = e.getValue().path(group).path(kind);
                    kinds.append(String.format(Locale.ROOT, " %s %.2f/%.2f/%.2f (n %d)", kind, k.path("pixel_f1").asDouble(),
                            k.path("iou").asDouble(), k.path("oracle_f1").asDouble(), k.path("n").asInt()));
                }
                out.append(String.format(Locale.ROOT, "%-20s %-11s %7.3f %s%n", e.getKey(), group,
                        e.getValue().path("auroc_" + group + "_vs_authentic").asDouble(), kinds));
            }
        });
        return out.toString();
    }

    private static double round(double value) {
        return Double.isNaN(value) ? Double.NaN : Math.round(value * 1000) / 1000.0;
    }
}
