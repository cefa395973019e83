package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.eval.ItemResult;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loupe eval --graph detect} on a manifest with a {@code boxes} column: each item's question
 * runs through the compiled detect graph (offline BlazeFace) and the answered boxes are scored by IoU.
 */
class EvalBoxesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The woman's and the child's faces as drawn in evaluation/detect/manifest.jsonl, in pixels of the upright image. */
    private static final String READER = "/data/images/jpg/2/2008-07-27+-+Photo+216+-+WE+a+l'etang+de+Blodelsheim.jpg";
    private static final String FACE = "[{\"label\": \"face\", \"box\": [781, 727, 1027, 905]}, "
            + "{\"label\": \"face\", \"box\": [462, 925, 708, 1150]}]";

    @TempDir
    static Path dir;

    static CliRun run;
    static JsonNode metrics;

    @BeforeAll
    static void evaluate_the_reader_and_a_malformed_line() throws IOException {
        Path images = Files.createDirectories(dir.resolve("images"));
        Path reader = TestImages.copy(READER, images);
        Path manifest = dir.resolve("boxes.jsonl");
        Files.writeString(manifest, String.join("\n",
                line("reader-face", reader, "detect the faces", FACE),
                line("reader-plate", reader, "detect the licence plates", "[{\"label\": \"licence_plate\", \"box\": [10, 10, 60, 30]}]"),
                line("broken", reader, "detect the faces", "[{\"label\": \"face\", \"box\": [900, 700, 800, 600]}]")) + "\n");
        run = CliRun.of("eval", manifest.toString(), "--graph", "detect", "--out", dir.resolve("run").toString());
        metrics = JSON.readTree(dir.resolve("run").resolve("metrics.json").toFile());
    }

    private static String line(String id, Path image, String question, String boxes) {
        return "{\"id\": \"" + id + "\", \"path\": \"images/" + image.getFileName() + "\", \"prompt\": \"" + question
                + "\", \"boxes\": " + boxes + "}";
    }

    @Test
    void the_found_face_is_scored_against_the_drawn_one_by_iou() {
        JsonNode face = metrics.at("/boxes/face");
        assertEquals(2, face.get("labelled").asInt());
        assertEquals(2, face.get("found").asInt());
        assertEquals(2, face.get("hits_at_iou_0_5").asInt());
        assertTrue(face.get("mean_iou").asDouble() > 0.6, "the face's IoU: " + face);
        assertEquals(1.0, face.get("precision_at_iou_0_5").asDouble());
    }

    @Test
    void a_drawn_box_nothing_matched_counts_zero_in_the_mean_over_all_labels() {
        JsonNode plate = metrics.at("/boxes/licence_plate");
        assertEquals(1, plate.get("labelled").asInt());
        assertEquals(0, plate.get("hits_at_iou_0_5").asInt());
        JsonNode all = metrics.at("/boxes/all");
        assertEquals(3, all.get("labelled").asInt());
        assertEquals(metrics.at("/boxes/face/mean_iou").asDouble() * 2 / 3, all.get("mean_iou").asDouble(), 1e-5);
        assertEquals(2 / 3.0, all.get("recall_at_iou_0_5").asDouble(), 1e-6);
    }

    @Test
    void a_malformed_boxes_column_fails_its_item_in_one_line_and_the_rest_is_scored() throws IOException {
        ItemResult broken = Files.readAllLines(dir.resolve("run").resolve("results.jsonl")).stream().map(ItemResult::parse)
                .filter(r -> r.id().equals("broken")).findFirst().orElseThrow();
        assertEquals("a labelled box must have x2 > x1 and y2 > y1: {\"label\":\"face\",\"box\":[900,700,800,600]}", broken.error());
        assertEquals(2, run.exitCode());
        assertEquals(2, metrics.get("scored").asInt());
    }

    @Test
    void the_summary_and_the_report_show_the_box_scores() throws IOException {
        assertTrue(run.out().contains("boxes face"), run.out());
        assertTrue(run.out().contains("boxes all"), run.out());
        String report = Files.readString(dir.resolve("run").resolve("report.html"));
        assertTrue(report.contains("<h2>Boxes</h2>"));
    }

    @Test
    void the_report_names_the_failed_item_and_shows_no_real_or_fake_cards_for_a_detect_run() throws IOException {
        String report = Files.readString(dir.resolve("run").resolve("report.html"));

        assertTrue(report.contains("<h2>Failed items</h2>"), report);
        assertTrue(run.out().contains("  failed images/"), run.out());
        assertTrue(report.contains("Blodelsheim.jpg</code></td><td>a labelled box must have x2 &gt; x1 and y2 &gt; y1"), report);
        for (String verdictOnly : List.of("fake-slip rate", "false-flag rate", "accuracy when answered", "Confusion matrix",
                "Most confident mistakes")) {
            assertFalse(report.contains(verdictOnly), verdictOnly + " on a graph that gives no verdict");
        }
    }
}
