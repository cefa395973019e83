package dev.loupe.eval.localize;

import dev.loupe.eval.manifest.ManifestItem;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LocalizationReportTest {

    /** A 32×32 item whose manipulated top-left quarter scores {@code inside} spreads and the rest {@code outside}. */
    private static ItemMaps item(int fold, float inside, float outside) {
        return item(fold, inside, outside, "yes");
    }

    private static ItemMaps item(int fold, float inside, float outside, String careful) {
        float[] values = new float[16];
        for (int i = 0; i < 16; i++) {
            values[i] = i / 4 < 2 && i % 4 < 2 ? inside : outside;
        }
        byte[] mask = new byte[32 * 32];
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 16; x++) {
                mask[y * 32 + x] = 1;
            }
        }
        MaskHistogram h = MaskHistogram.of(new ErrorLevelMap(4, 4, 8, 8, 32, 32, values), mask, 32, 32);
        ManifestItem manifest = new ManifestItem(0, 2, "x" + fold, "x.jpg", Path.of("x.jpg"), "fake", "manipulated",
                Map.of("fold", String.valueOf(fold), "kind", "splice", "careful", careful, "area_pct", "25.0"));
        return new ItemMaps(manifest, Map.of("m", (double) inside), Map.of("m", h));
    }

    @Test
    void each_fold_is_scored_at_the_threshold_the_other_folds_chose() {
        // fold 0 separates at any threshold in (1, 5]; fold 1's background sits at 3, so only (3, 4] separates it
        List<ItemMaps> items = List.of(item(0, 5, 1), item(1, 4, 3));

        int forFold0 = LocalizationReport.heldOutThreshold(items, "m", 0);
        int forFold1 = LocalizationReport.heldOutThreshold(items, "m", 1);

        assertEquals(13, forFold0); // the lowest threshold above 3: 3.25 spreads, chosen on fold 1
        assertEquals(5, forFold1);  // the lowest threshold above 1: 1.25 spreads, chosen on fold 0
        var report = LocalizationReport.of(items).get("m").get("careful").get("splice");
        assertEquals(2, report.get("n").asInt());
        // fold 0 at 3.25 finds its quarter exactly; fold 1 at 1.25 calls everything manipulated (F1 0.4)
        assertEquals((1.0 + 0.4) / 2, report.get("pixel_f1").asDouble(), 1e-3);
        assertEquals(1.0, report.get("oracle_f1").asDouble(), 1e-3);
    }

    @Test
    void forgeries_saved_with_library_defaults_are_scored_apart_from_the_careful_ones() {
        ManifestItem photo = new ManifestItem(0, 4, "p", "p.jpg", Path.of("p.jpg"), "real", "camera_original",
                Map.of("fold", "0", "kind", "original"));
        List<ItemMaps> items = List.of(item(0, 5, 1, "yes"), item(1, 4, 3, "no"), item(2, 6, 1, "no"),
                new ItemMaps(photo, Map.of("m", 4.5), Map.of()));

        var report = LocalizationReport.of(items).get("m");

        assertEquals(1, report.get("careful").get("splice").get("n").asInt());
        assertEquals(2, report.get("not_careful").get("splice").get("n").asInt());
        // peaks 5 against the photo's 4.5 for the careful one; 4 and 6 for the others: one of two above it
        assertEquals(1.0, report.get("auroc_careful_vs_authentic").asDouble(), 1e-9);
        assertEquals(0.5, report.get("auroc_not_careful_vs_authentic").asDouble(), 1e-9);
    }
}
