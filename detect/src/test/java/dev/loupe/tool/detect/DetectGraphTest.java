package dev.loupe.tool.detect;

import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bundled detect graph, compiled, offline: the request in words decides which tools run and how they chain. */
class DetectGraphTest {

    /** A photograph from commons-imaging's test jar: a woman in glasses reading, her face at the right. */
    static final String READER = "/data/images/jpg/2/2008-07-27+-+Photo+216+-+WE+a+l'etang+de+Blodelsheim.jpg";

    @TempDir
    static Path dir;
    private static Loupe loupe;

    @BeforeAll
    static void build() {
        loupe = Loupe.builder().graph("detect").outputDir(dir.resolve("out")).build();
    }

    @AfterAll
    static void close() {
        loupe.close();
    }

    private static AnalysisResult ask(Path image, String prompt) {
        return loupe.analyze(image, AnalysisOptions.defaults().withQuestion(prompt));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> boxes(AnalysisResult result) {
        return (List<Map<String, Object>>) result.output().get("boxes");
    }

    @SuppressWarnings("unchecked")
    private static List<Double> corners(Map<String, Object> box) {
        return ((List<Number>) box.get("box")).stream().map(Number::doubleValue).toList();
    }

    private static List<String> tools(AnalysisResult result) {
        return result.toolDetails().stream().map(d -> d.tool()).toList();
    }

    @Test
    void detect_the_face_and_draw_it_runs_detect_then_draw_on_the_found_box() throws Exception {
        AnalysisResult result = ask(TestImages.copy(READER, dir), "Detect the face and draw it");

        assertEquals(List.of("detect_objects", "draw_boxes"), tools(result));
        List<Map<String, Object>> boxes = boxes(result);
        // The woman's face first; the child's face, turned up and half hidden by the arm, scores lower.
        assertEquals(2, boxes.size(), result.rawText());
        assertEquals("face", boxes.get(0).get("label"));
        List<Double> box = corners(boxes.get(0));
        double centreX = (box.get(0) + box.get(2)) / 2;
        double centreY = (box.get(1) + box.get(3)) / 2;
        assertTrue(centreX > 0.7 && centreX < 0.95 && centreY > 0.33 && centreY < 0.48, "the reader's face: " + box);
        Path picture = Path.of(String.valueOf(result.output().get("annotated_image")));
        BufferedImage annotated = ImageIO.read(picture.toFile());
        assertEquals(List.of(1080, 1920), List.of(annotated.getWidth(), annotated.getHeight()));
        Map<String, Object> drawn = result.toolDetails().get(1).toMap();
        List<Map<String, Object>> artifacts = (List<Map<String, Object>>) drawn.get("artifacts");
        assertEquals(picture.toString(), artifacts.get(0).get("path"));
        assertEquals(64, String.valueOf(artifacts.get(0).get("sha256")).length(), "kept in the artefact store");
    }

    @Test
    void detect_without_draw_answers_boxes_only() throws Exception {
        AnalysisResult result = ask(TestImages.copy(READER, dir), "find the faces");

        assertEquals(List.of("detect_objects"), tools(result));
        assertEquals(2, ((Number) result.output().get("count")).intValue(), "the woman's and the child's");
        assertNull(result.output().get("annotated_image"));
    }

    @Test
    void draw_these_boxes_draws_the_given_boxes_read_in_the_stated_convention() throws Exception {
        Path image = TestImages.drawn(dir, "scene.png", "png", 400, 300);

        AnalysisResult result = ask(image, "Draw these boxes in pixels: [[40, 30, 200, 150], [220, 150, 380, 290]] labelled sign");

        assertEquals(List.of("draw_boxes"), tools(result));
        assertEquals(List.of(List.of(0.1, 0.1, 0.5, 0.5), List.of(0.55, 0.5, 0.95, 0.9667)),
                boxes(result).stream().map(DetectGraphTest::corners).toList());
        assertEquals("sign", boxes(result).get(0).get("label"));
        assertEquals("pixels [x1, y1, x2, y2] (declared)", result.output().get("convention"));
        assertTrue(Files.isRegularFile(Path.of(String.valueOf(result.output().get("annotated_image")))));
    }

    @Test
    void bad_boxes_are_corrected_or_left_out_and_the_result_says_which() throws Exception {
        Path image = TestImages.drawn(dir, "bad.png", "png", 400, 300);

        AnalysisResult result = ask(image, "draw these boxes in pixels: [[200, 150, 40, 30], [-50, -20, 100, 80], "
                + "[500, 400, 600, 450], [10, 10, 10, 10]]");

        assertEquals(2, boxes(result).size());
        assertEquals(List.of("box 1: corners given the wrong way round; swapped",
                "box 2: reaches past the image edge; clamped to it",
                "box 3 lies wholly outside the image (read as pixels [x1, y1, x2, y2]) and was left out",
                "box 4 has no area (0 × 0 pixels) and was left out"), result.output().get("notes"));
    }

    @Test
    void boxes_none_of_which_can_be_drawn_end_in_a_clear_answer_not_a_crash() throws Exception {
        Path image = TestImages.drawn(dir, "none.png", "png", 400, 300);

        AnalysisResult result = ask(image, "draw these boxes: [[10, 10, 10, 10]]");

        assertEquals(0, ((Number) result.output().get("count")).intValue());
        assertEquals("draw_boxes could not run: none of the boxes can be drawn: box 1 has no area (0 × 0 pixels) and was left out",
                result.output().get("summary"));
    }

    @Test
    void an_object_the_offline_detector_does_not_know_is_answered_in_words() throws Exception {
        AnalysisResult result = ask(TestImages.drawn(dir, "dog.png", "png", 64, 48), "detect the dog and draw it");

        assertEquals("detect_objects could not run: the offline detector finds face, eye, upper_body, licence_plate, "
                + "cat_face, not 'dog'; other objects need a vision model as the agent", result.output().get("summary"));
    }

    @Test
    void a_fifty_megapixel_image_is_drawn_on_a_4k_copy() throws Exception {
        Path image = dir.resolve("fifty-megapixels.png");
        Files.write(image, LargePng.grey(8660, 5774));

        AnalysisResult result = ask(image, "draw these boxes: [[0.25, 0.25, 0.75, 0.75]] labelled middle");

        BufferedImage annotated = ImageIO.read(Path.of(String.valueOf(result.output().get("annotated_image"))).toFile());
        assertEquals(List.of(3840, 2560), List.of(annotated.getWidth(), annotated.getHeight()));
        assertEquals(List.of(0.25, 0.25, 0.75, 0.75), corners(boxes(result).get(0)));
    }
}
