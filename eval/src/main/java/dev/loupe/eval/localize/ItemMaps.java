package dev.loupe.eval.localize;

import dev.loupe.eval.manifest.ManifestItem;

import java.util.Map;

/**
 * What localization scoring keeps of one item: its peak score per map and, when it has a mask, its
 * histogram per map.
 *
 * @param item       the manifest item
 * @param peaks      per map name (the combined map is {@link Localization#COMBINED}), the map's peak; absent maps score 0
 * @param histograms per map name, the mask histogram; empty without a mask
 */
record ItemMaps(ManifestItem item, Map<String, Double> peaks, Map<String, MaskHistogram> histograms) {

    String column(String name) {
        String value = item.extra().get(name);
        return value == null ? "" : value;
    }

    int fold() {
        try {
            return Integer.parseInt(column("fold"));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    double areaPercent() {
        try {
            return Double.parseDouble(column("area_pct"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** A careful forgery as it was saved (not processed after). */
    boolean careful() {
        return "fake".equals(item.label()) && "yes".equals(column("careful")) && column("after").isEmpty();
    }

    /** A manipulation saved with a library's defaults (not as the camera would have), not processed after. */
    boolean notCareful() {
        return "fake".equals(item.label()) && "no".equals(column("careful")) && column("after").isEmpty();
    }

    boolean authentic() {
        return "real".equals(item.label());
    }
}
