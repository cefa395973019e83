package dev.loupe.tool.composition;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.eval.composition.CompositionImages;
import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.pixel.PixelSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.awt.image.BufferedImage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code composition_measures} on pictures drawn with a known composition. */
class CompositionMeasuresTest {

    private static JsonNode measure(BufferedImage image) {
        return CompositionMeasures.of(PixelSource.of(image)).toJson();
    }

    @ParameterizedTest
    @ValueSource(doubles = {-6, -2, -0.5, 0, 0.7, 1.5, 4})
    void measures_a_horizon_drawn_at_a_known_angle_within_a_degree(double tilt) {
        JsonNode horizon = measure(CompositionImages.horizon(tilt, 0.6, 7)).path("horizon");

        assertTrue(horizon.path("found").asBoolean());
        assertEquals(tilt, horizon.path("tilt_deg").asDouble(), 1.0);
        assertEquals(0.6, horizon.path("y").asDouble(), 0.02);
    }

    @ParameterizedTest
    @CsvSource({"0.3333,0.3333,thirds", "0.6667,0.6667,thirds", "0.6667,0.3333,thirds", "0.5,0.5,centre"})
    void tells_a_subject_on_a_thirds_crossing_from_a_centred_one(double x, double y, String placement) {
        JsonNode subject = measure(CompositionImages.subject(x, y, new Color(200, 40, 30), 3)).path("subject");

        assertEquals(placement, subject.path("placement").asText());
        assertEquals(x, subject.path("x").asDouble(), 0.03);
        assertEquals(y, subject.path("y").asDouble(), 0.03);
    }

    @Test
    void one_sided_mass_is_unbalanced_and_mirrored_masses_are_balanced() {
        double one = measure(CompositionImages.masses(false, new Color(30, 60, 170), 5)).path("balance").path("left_right").asDouble();
        double two = measure(CompositionImages.masses(true, new Color(30, 60, 170), 5)).path("balance").path("left_right").asDouble();

        assertTrue(one <= -0.4, "one mass on the left: " + one);
        assertTrue(Math.abs(two) <= 0.15, "two mirrored masses: " + two);
    }

    @Test
    void a_mirrored_picture_measures_as_symmetrical() {
        double symmetry = measure(CompositionImages.masses(true, new Color(240, 200, 40), 9)).path("balance").path("symmetry").asDouble();

        assertTrue(symmetry > 0.8, "symmetry " + symmetry);
    }

    @Test
    void clipped_highlights_are_measured_and_reported() {
        BufferedImage bright = CompositionImages.subject(0.5, 0.5, new Color(255, 255, 255), 1);
        var g = bright.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, bright.getWidth(), bright.getHeight() / 4);
        g.dispose();

        CompositionMeasures measures = CompositionMeasures.of(PixelSource.of(bright));

        assertTrue(measures.toJson().path("exposure").path("clip_bright").asDouble() > 0.2);
        assertTrue(measures.findings().stream().map(Finding::code).anyMatch("clipping"::equals));
    }

    @Test
    void a_tilted_horizon_is_a_finding_and_a_level_one_is_not() {
        var tilted = CompositionMeasures.of(PixelSource.of(CompositionImages.horizon(3, 0.62, 2))).findings();
        var level = CompositionMeasures.of(PixelSource.of(CompositionImages.horizon(0, 0.62, 2))).findings();

        assertTrue(tilted.contains(new Finding("horizon_tilted", "The horizon tilts 3.0° (rising to the right).")), tilted.toString());
        assertFalse(level.stream().map(Finding::code).anyMatch("horizon_tilted"::equals));
    }

    @Test
    void the_same_picture_gives_the_same_measures() {
        BufferedImage image = CompositionImages.subject(0.3333, 0.6667, new Color(20, 20, 20), 4);

        assertEquals(measure(image), measure(image));
    }

    @Test
    void the_model_sees_every_measure_within_its_budget() {
        var measures = CompositionMeasures.of(PixelSource.of(CompositionImages.horizon(2, 0.4, 3)));
        var result = dev.loupe.tool.ToolResult.ok(measures.toJson(), measures.findings());

        assertFalse(dev.loupe.tool.ModelView.of(result, 800).contains("(omitted"));
    }
}
