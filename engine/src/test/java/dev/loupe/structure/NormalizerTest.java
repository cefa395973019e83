package dev.loupe.structure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NormalizerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final Normalizer normalizer = new Normalizer(ForensicRules.rules());

    @ParameterizedTest(name = "\"{0}\" → {1}")
    @CsvSource(delimiter = '|', textBlock = """
            AI-generated     | fake
            AI generated     | fake
            synthetic        | fake
            generated        | fake
            manipulated      | fake
            tampered         | fake
            edited           | fake
            photoshopped     | fake
            fake             | fake
            FAKE             | fake
            ai_generated     | fake
            AI_Generated     | fake
            '  Ai - Generated ' | fake
            'ai  generated.' | fake
            authentic        | real
            Genuine          | real
            original         | real
            Camera Original  | real
            camera-original  | real
            camera_original  | real
            real             | real
            REAL             | real
            inconclusive     | uncertain
            Unknown          | uncertain
            cannot determine | uncertain
            Cannot-Determine | uncertain
            uncertain        | uncertain
            probably fake    | fake
            Fake (AI-generated) | fake
            'likely authentic, camera original' | real
            not fake         | uncertain
            'Real; not AI-generated' | real
            banana           | uncertain
            ''               | uncertain
            """)
    void maps_verdict_aliases_to_the_canonical_value(String written, String expected) {
        ObjectNode out = normalizer.normalize(object("verdict", written)).value();
        assertEquals(expected, out.get("verdict").asText());
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0.7        | 0.7
            0          | 0.0
            1          | 1.0
            '\"0.7\"'  | 0.7
            '\" 0.25 \"' | 0.25
            '\"85%\"'  | 0.85
            '\"85 %\"' | 0.85
            '\"0.5%\"' | 0.005
            '\"150%\"' | 1.0
            85         | 0.85
            100        | 1.0
            1.5        | 1
            250        | 1.0
            -0.2       | 0.0
            '\"-3\"'   | 0.0
            """)
    void reads_and_clamps_confidence_into_zero_to_one(String writtenJson, double expected) throws Exception {
        ObjectNode in = (ObjectNode) JSON.readTree("{\"confidence\": " + writtenJson + "}");
        ObjectNode out = normalizer.normalize(in).value();
        assertTrue(out.get("confidence").isNumber(), out.toString());
        assertEquals(expected, out.get("confidence").doubleValue());
    }

    @Test
    void leaves_numbers_it_cannot_read_for_the_schema_to_report() throws Exception {
        ObjectNode in = (ObjectNode) JSON.readTree("{\"confidence\": \"high\"}");
        Normalized out = normalizer.normalize(in);
        assertEquals("high", out.value().get("confidence").asText());
        assertEquals(List.of(), out.changes());
    }

    @Test
    void records_each_change_and_leaves_the_input_alone() throws Exception {
        ObjectNode in = (ObjectNode) JSON.readTree(
                "{\"verdict\": \"AI-generated\", \"confidence\": \"85%\", \"category\": \"synthetic\", \"rationale\": \"x\"}");
        Normalized out = normalizer.normalize(in);
        assertEquals(List.of(
                "category: \"synthetic\" → \"ai_generated\"",
                "confidence: \"85%\" → 0.85",
                "verdict: \"AI-generated\" → \"fake\""), sorted(out.changes()));
        assertEquals("AI-generated", in.get("verdict").asText());
        assertEquals("{\"verdict\":\"fake\",\"confidence\":0.85,\"category\":\"ai_generated\",\"rationale\":\"x\"}",
                out.value().toString());
    }

    @Test
    void notes_unrecognised_values_and_non_text_enums() throws Exception {
        ObjectNode in = (ObjectNode) JSON.readTree("{\"verdict\": 3, \"category\": \"weird\"}");
        Normalized out = normalizer.normalize(in);
        assertEquals(List.of(
                "category: \"weird\" → \"unknown\" (unrecognised, the default)",
                "verdict: 3 → \"uncertain\" (unrecognised, the default)"), sorted(out.changes()));
    }

    @Test
    void changes_nothing_in_an_already_clean_answer() throws Exception {
        ObjectNode in = (ObjectNode) JSON.readTree(
                "{\"verdict\": \"real\", \"confidence\": 1, \"category\": \"camera_original\", \"rationale\": \"x\"}");
        Normalized out = normalizer.normalize(in);
        assertEquals(List.of(), out.changes());
        assertEquals(in, out.value());
    }

    @Test
    void leaves_missing_fields_missing() {
        Normalized out = normalizer.normalize(JSON.createObjectNode());
        assertEquals("{}", out.value().toString());
    }

    @Test
    void builds_the_fallback_from_the_defaults() {
        assertEquals(
                Map.of("verdict", "uncertain", "category", "unknown", "confidence", 0.0,
                        "rationale", "The answer could not be structured."),
                JSON.convertValue(ForensicRules.rules().fallback(), Map.class));
    }

    @Test
    void reads_a_percentage_on_a_hundred_point_scale_as_is() throws Exception {
        Normalizer scale = new Normalizer(FieldRules.fromConfig(Map.of("clamp", Map.of("score", List.of(0, 100)))));
        ObjectNode out = scale.normalize((ObjectNode) JSON.readTree("{\"score\": \"85%\"}")).value();
        assertEquals(85.0, out.get("score").doubleValue());
    }

    private static ObjectNode object(String field, String value) {
        ObjectNode node = JSON.createObjectNode();
        node.put(field, value);
        return node;
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().toList();
    }
}
