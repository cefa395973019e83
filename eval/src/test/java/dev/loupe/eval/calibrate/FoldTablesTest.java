package dev.loupe.eval.calibrate;

import dev.loupe.tool.forensic.qtables.TableFacts;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class FoldTablesTest {

    private static final TableFacts NIKON = new TableFacts("nikon", "NIKON CORPORATION", "NIKON D50", "a5a930cd7dab432a", 99, false);
    private static final TableFacts CANON = new TableFacts("canon", "Canon", "Canon PowerShot SD750", "f8f6294c9e2b3249", 97, false);
    private static final TableFacts CANON_RESAVED_BY_LIBJPEG = new TableFacts("canon", "Canon", "Canon PowerShot SD750",
            "0123456789abcdef", 92, true);

    private static LabelledFindings item(String id, boolean fake, int fold, TableFacts tables) {
        return new LabelledFindings(id, fake, fold, fake ? "exif_kept_recompressed" : "camera_original", id,
                Map.of("camera_exif_intact", "metadata", "qtable_matches_make", LabelledFindings.TABLE_TOOL), tables);
    }

    @Test
    void an_original_of_a_make_only_its_own_fold_has_is_checked_against_no_tables_of_that_make() {
        List<LabelledFindings> items = List.of(item("nikon", false, 0, NIKON), item("canon", false, 1, CANON));
        List<LabelledFindings> train = items.stream().filter(i -> i.fold() != 0).toList();

        LabelledFindings heldOut = FoldTables.against(train, items).get(0);

        assertEquals(Map.of("camera_exif_intact", "metadata", "qtable_make_unknown", LabelledFindings.TABLE_TOOL),
                heldOut.findings(), "the bundled reference said it matches its make: that was its own row");
    }

    @Test
    void a_library_re_encode_under_a_make_whose_originals_are_in_training_is_a_mismatch() {
        List<LabelledFindings> items = List.of(item("canon", false, 1, CANON), item("canon-q92", true, 0, CANON_RESAVED_BY_LIBJPEG));

        LabelledFindings heldOut = FoldTables.against(items.subList(0, 1), items).get(1);

        assertEquals("qtable_make_mismatch", heldOut.findings().keySet().stream().filter(c -> c.startsWith("qtable")).findFirst().orElseThrow());
    }

    @Test
    void the_cameras_own_tables_in_libjpegs_layout_are_a_layout_mismatch_only_when_training_saw_that_camera() {
        TableFacts inTheCamerasLayout = new TableFacts("canon", "Canon", "Canon PowerShot S20", "20dba33785db7992", 87, false, false);
        TableFacts inLibjpegsLayout = new TableFacts("canon", "Canon", "Canon PowerShot S20", "20dba33785db7992", 87, false, true);
        LabelledFindings otherPhoto = item("s20-hotel", false, 1, inTheCamerasLayout);
        LabelledFindings original = item("s20-sanyo", false, 0, inTheCamerasLayout);
        LabelledFindings forgery = item("s20-sanyo-careful-splice", true, 0, inLibjpegsLayout);
        List<LabelledFindings> items = List.of(otherPhoto, original, forgery);

        assertEquals("qtable_layout_mismatch", tableCode(FoldTables.against(List.of(otherPhoto), items).get(2)));
        assertEquals("qtable_matches_make", tableCode(FoldTables.against(List.of(otherPhoto), items).get(1)));
        assertEquals("qtable_make_unknown", tableCode(FoldTables.against(List.of(), items).get(2)),
                "with no other photo of the camera in training, the forgery's own original must not vouch for the layout");
    }

    private static String tableCode(LabelledFindings item) {
        return item.findings().entrySet().stream().filter(e -> e.getValue().equals(LabelledFindings.TABLE_TOOL))
                .map(Map.Entry::getKey).findFirst().orElseThrow();
    }

    @Test
    void an_item_whose_run_had_no_table_finding_is_left_as_it_was() {
        LabelledFindings noTool = new LabelledFindings("x", false, 0, "camera_original", "x", Map.of("camera_exif_intact", "metadata"), NIKON);

        assertSame(noTool, FoldTables.against(List.of(noTool), List.of(noTool)).get(0));
    }

    @Test
    void held_out_originals_are_scored_with_the_table_finding_of_their_folds_reference() {
        // every original has a make of its own: held out, none finds its make in the reference
        List<LabelledFindings> items = new ArrayList<>();
        for (int photo = 0; photo < 10; photo++) {
            TableFacts own = new TableFacts("make" + photo, "Make " + photo, "M", "sig" + photo, 95, false);
            items.add(item("original-" + photo, false, photo % 5, own));
            items.add(new LabelledFindings("fake-" + photo, true, photo % 5, "careful_splice", "original-" + photo,
                    Map.of("thumbnail_mismatch", "thumbnail", "qtable_matches_make", LabelledFindings.TABLE_TOOL), own));
        }
        HeldOut heldOut = HeldOut.of(items, new PolicyFitter(Map.of("bias", 0.0)));

        for (int i = 0; i < items.size(); i++) {
            LabelledFindings item = items.get(i);
            if (!item.fake()) {
                LabelledFindings unknownMake = new LabelledFindings(item.id(), false, item.fold(), item.category(), item.group(),
                        Map.of("camera_exif_intact", "metadata", "qtable_make_unknown", LabelledFindings.TABLE_TOOL), item.tables());
                assertEquals(heldOut.policies().get(item.fold()).pFake(unknownMake), heldOut.pFake()[i], 1e-12, item.id());
            }
        }
    }
}
