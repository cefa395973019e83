package dev.loupe.tool.detect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Boxes as models write them, read into normalised [x1, y1, x2, y2] on a 400 × 300 image. */
class BoxNormalizerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int W = 400;
    private static final int H = 300;

    private static NormalizedBoxes read(String boxes, String scale, String order) throws Exception {
        JsonNode node = JSON.readTree(boxes);
        return BoxNormalizer.read(node, scale, order, null, W, H);
    }

    private static void assertBox(Box box, double x1, double y1, double x2, double y2) {
        assertEquals(List.of(x1, y1, x2, y2), List.of(box.x1(), box.y1(), box.x2(), box.y2()), box.describe());
    }

    @Test
    void numbers_within_zero_and_one_are_fractions() throws Exception {
        NormalizedBoxes read = read("[{\"label\": \"face\", \"score\": 0.8, \"box\": [0.1, 0.2, 0.5, 0.6]}]", null, null);
        assertEquals(Convention.NORMALIZED_XYXY, read.convention());
        assertEquals("inferred: every number lies in [0, 1]", read.how());
        assertBox(read.boxes().get(0), 0.1, 0.2, 0.5, 0.6);
        assertEquals(0.8, read.boxes().get(0).score());
    }

    @Test
    void numbers_that_fit_the_image_are_pixels_and_the_ambiguity_is_said() throws Exception {
        NormalizedBoxes read = read("[{\"box\": [40, 30, 200, 150]}]", "auto", "auto");
        assertEquals(Convention.Scale.PIXELS, read.convention().scale());
        assertTrue(read.how().contains("if they are thousandths (0–1000), pass scale per_mille"), read.how());
        assertBox(read.boxes().get(0), 0.1, 0.1, 0.5, 0.5);
    }

    @Test
    void numbers_up_to_a_thousand_that_overshoot_the_image_are_thousandths() throws Exception {
        NormalizedBoxes read = read("[{\"box\": [100, 250, 900, 750]}]", null, null);
        assertEquals(Convention.Scale.PER_MILLE, read.convention().scale());
        assertBox(read.boxes().get(0), 0.1, 0.25, 0.9, 0.75);
    }

    @Test
    void box_2d_is_read_as_geminis_y_first_thousandths() throws Exception {
        NormalizedBoxes read = read("[{\"label\": \"cat\", \"box_2d\": [250, 100, 750, 900]}]", null, null);
        assertEquals(Convention.GEMINI, read.convention());
        assertEquals("per_mille [y1, x1, y2, x2]", read.convention().describe());
        assertBox(read.boxes().get(0), 0.1, 0.25, 0.9, 0.75);
    }

    @Test
    void a_declared_convention_wins_over_inference() throws Exception {
        NormalizedBoxes read = read("[{\"box\": [30, 40, 150, 200]}]", "pixels", "yxyx");
        assertEquals("pixels [y1, x1, y2, x2]", read.convention().describe());
        assertEquals("declared", read.how());
        assertBox(read.boxes().get(0), 0.1, 0.1, 0.5, 0.5);
    }

    @Test
    void corners_given_the_wrong_way_round_are_swapped_and_said() throws Exception {
        NormalizedBoxes read = read("[{\"box\": [0.5, 0.6, 0.1, 0.2]}]", null, null);
        assertBox(read.boxes().get(0), 0.1, 0.2, 0.5, 0.6);
        assertEquals(List.of("box 1: corners given the wrong way round; swapped"), read.notes());
    }

    @Test
    void negative_and_overshooting_corners_are_clamped_to_the_image() throws Exception {
        NormalizedBoxes read = read("[{\"box\": [-40, -30, 200, 450]}]", "pixels", null);
        assertBox(read.boxes().get(0), 0.0, 0.0, 0.5, 1.0);
        assertEquals(List.of("box 1: reaches past the image edge; clamped to it"), read.notes());
    }

    @Test
    void a_box_wholly_outside_the_image_is_left_out_with_the_reason() throws Exception {
        NormalizedBoxes read = read("[{\"box\": [1.2, 1.3, 1.5, 1.6]}, {\"box\": [0.1, 0.1, 0.2, 0.2]}]", "normalized", null);
        assertEquals(1, read.boxes().size());
        assertEquals(List.of("box 1 lies wholly outside the image (read as normalized [x1, y1, x2, y2]) and was left out"),
                read.rejected());
    }

    @Test
    void a_zero_by_zero_box_is_left_out_as_having_no_area() throws Exception {
        NormalizedBoxes read = read("[{\"box\": [10, 10, 10, 10]}]", "pixels", null);
        assertTrue(read.boxes().isEmpty());
        assertEquals(List.of("box 1 has no area (0 × 0 pixels) and was left out"), read.rejected());
    }

    @Test
    void an_empty_label_gets_the_default_and_a_note() throws Exception {
        NormalizedBoxes read = BoxNormalizer.read(JSON.readTree("[{\"label\": \"  \", \"box\": [0.1, 0.1, 0.3, 0.3]}]"),
                null, null, "plate", W, H);
        assertEquals("plate", read.boxes().get(0).label());
        assertEquals(List.of("box 1: empty label; drawn as 'plate'"), read.notes());
    }

    @Test
    void boxes_that_are_not_four_numbers_are_left_out_with_what_was_given() throws Exception {
        NormalizedBoxes read = read("[{\"box\": [1, 2, 3]}, {\"box\": [\"a\", 2, 3, 4]}, \"face\", {\"label\": \"x\"},"
                + " [0.1, 0.1, 0.4, 0.4]]", null, null);
        assertEquals(1, read.boxes().size());
        assertEquals(List.of("box 1 needs four numbers, not [1,2,3]", "box 2 needs four numbers, not [\"a\",2,3,4]",
                "box 3 is text, not a box (an object with label and box, or four numbers)",
                "box 4 has no corners: give box [x1, y1, x2, y2] (or box_2d, or x1/y1/x2/y2)"), read.rejected());
    }

    @Test
    void named_corner_fields_are_read_too() throws Exception {
        NormalizedBoxes read = read("[{\"xmin\": 40, \"ymin\": 30, \"xmax\": 200, \"ymax\": 150},"
                + " {\"x\": 40, \"y\": 30, \"width\": 160, \"height\": 120}]", "pixels", null);
        assertBox(read.boxes().get(0), 0.1, 0.1, 0.5, 0.5);
        assertBox(read.boxes().get(1), 0.1, 0.1, 0.5, 0.5);
    }

    @Test
    void the_same_box_reads_the_same_at_every_resolution() throws Exception {
        JsonNode small = JSON.readTree("[{\"box\": [40, 30, 200, 150]}]");
        JsonNode large = JSON.readTree("[{\"box\": [400, 300, 2000, 1500]}]");
        Box a = BoxNormalizer.read(small, "pixels", null, null, 400, 300).boxes().get(0);
        Box b = BoxNormalizer.read(large, "pixels", null, null, 4000, 3000).boxes().get(0);
        assertEquals(a, b);
    }
}
