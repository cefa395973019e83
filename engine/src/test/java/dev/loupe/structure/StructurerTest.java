package dev.loupe.structure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StructurerTest {

    private static final String VALID = """
            The EXIF is intact and the noise is uniform.
            ```json
            {"verdict": "authentic", "confidence": "90%", "category": "camera", "rationale": "Intact EXIF.",
             "evidence": [{"tool": "metadata", "finding": "camera_exif_intact", "weight": -1.5}]}
            ```
            """;

    /** A repairer that records what it was given and answers from a script, one text per round. */
    private static final class ScriptedRepairer implements Repairer {
        final List<String> answers;
        final List<List<String>> errorsSeen = new ArrayList<>();
        final List<ObjectNode> candidatesSeen = new ArrayList<>();

        ScriptedRepairer(String... answers) {
            this.answers = List.of(answers);
        }

        @Override
        public String repair(String rawText, ObjectNode lastCandidate, List<String> errors) {
            candidatesSeen.add(lastCandidate);
            errorsSeen.add(errors);
            return answers.get(Math.min(errorsSeen.size() - 1, answers.size() - 1));
        }
    }

    @Test
    void accepts_a_valid_answer_without_repair() {
        ScriptedRepairer repairer = new ScriptedRepairer("unused");
        Structured result = new Structurer(ForensicRules.schema(), ForensicRules.rules(), repairer, 2).structure(VALID);
        assertTrue(result.valid());
        assertEquals(0, result.repairRounds());
        assertNull(result.error());
        assertEquals("real", result.value().get("verdict").asText());
        assertEquals(0.9, result.value().get("confidence").doubleValue());
        assertEquals("camera_original", result.value().get("category").asText());
        assertEquals(3, result.changes().size(), result.changes().toString());
        assertEquals(List.of(), repairer.errorsSeen);
    }

    @Test
    void uses_the_answer_a_repairer_fixes_in_round_one() {
        ScriptedRepairer repairer = new ScriptedRepairer(
                "{\"verdict\": \"fake\", \"confidence\": 0.8, \"category\": \"ai_generated\", \"rationale\": \"GAN grid.\"}");
        Structured result = new Structurer(ForensicRules.schema(), ForensicRules.rules(), repairer, 2)
                .structure("{\"verdict\": \"fake\", \"confidence\": \"very\"}");
        assertTrue(result.valid());
        assertEquals(1, result.repairRounds());
        assertEquals("fake", result.value().get("verdict").asText());
        assertEquals(1, repairer.errorsSeen.size());
        assertEquals("{\"verdict\":\"fake\",\"confidence\":\"very\"}", repairer.candidatesSeen.get(0).toString());
    }

    @Test
    void gives_up_after_two_rounds_with_the_fallback_and_the_errors() throws Exception {
        String raw = "{\"confidence\": \"very\", \"evidence\": \"lots\"}";
        ScriptedRepairer repairer = new ScriptedRepairer(raw);
        Structured result = new Structurer(ForensicRules.schema(), ForensicRules.rules(), repairer, 2).structure(raw);
        assertFalse(result.valid());
        assertEquals(2, result.repairRounds());
        assertEquals(2, repairer.errorsSeen.size());
        assertEquals(raw, result.rawText());
        // Object equality ignores field order (the test's configuration is an unordered Map.of).
        assertEquals(new ObjectMapper().readTree("{\"verdict\":\"uncertain\",\"category\":\"unknown\",\"confidence\":0.0,"
                + "\"rationale\":\"The answer could not be structured.\"}"), result.value());
        assertEquals(String.join("; ", repairer.errorsSeen.get(1)), result.error());
        assertEquals(result.error(), result.reported().get(Structured.ERROR_FIELD).asText());
    }

    @Test
    void passes_at_most_three_errors_to_the_repairer() {
        ScriptedRepairer repairer = new ScriptedRepairer("{\"verdict\": 1, \"confidence\": [], \"category\": {}, \"rationale\": 2}");
        new Structurer(ForensicRules.schema(), FieldRules.none(), repairer, 2)
                .structure("{\"verdict\": 1, \"confidence\": [], \"category\": {}, \"rationale\": 2, \"evidence\": 3}");
        assertEquals(2, repairer.errorsSeen.size());
        for (List<String> errors : repairer.errorsSeen) {
            assertEquals(3, errors.size(), errors.toString());
        }
    }

    @Test
    void tells_the_repairer_when_no_json_was_found() {
        ScriptedRepairer repairer = new ScriptedRepairer(
                "{verdict: real, confidence: 0.6, category: camera_original, rationale: 'EXIF intact'}");
        Structured result = new Structurer(ForensicRules.schema(), ForensicRules.rules(), repairer, 2)
                .structure("It looks like a genuine photograph.");
        assertTrue(result.valid());
        assertNull(repairer.candidatesSeen.get(0));
        assertEquals(List.of("no JSON object: no JSON object in the text"), repairer.errorsSeen.get(0));
    }

    @Test
    void falls_back_without_a_repairer() {
        Structured result = Structurer.withoutRepair(ForensicRules.schema(), ForensicRules.rules()).structure("no json here");
        assertFalse(result.valid());
        assertEquals(0, result.repairRounds());
        assertEquals("no JSON object: no JSON object in the text", result.error());
        assertEquals("uncertain", result.value().get("verdict").asText());
    }

    @Test
    void falls_back_when_the_repairer_fails() {
        Repairer failing = (raw, candidate, errors) -> {
            throw new IllegalStateException("model unreachable");
        };
        Structured result = new Structurer(ForensicRules.schema(), ForensicRules.rules(), failing, 2).structure("nothing");
        assertFalse(result.valid());
        assertEquals(1, result.repairRounds());
        assertEquals("no JSON object: no JSON object in the text; repair round 1 failed: model unreachable", result.error());
    }

    @Test
    void keeps_the_first_answer_when_zero_rounds_are_allowed() {
        ScriptedRepairer repairer = new ScriptedRepairer("unused");
        Structured result = new Structurer(ForensicRules.schema(), ForensicRules.rules(), repairer, 0).structure("{}");
        assertFalse(result.valid());
        assertEquals(List.of(), repairer.errorsSeen);
        assertTrue(result.error().contains("required"), result.error());
    }

    private static FieldRules mustReadVerdict(Map<String, Object> derive) {
        Map<String, Object> config = new java.util.HashMap<>(ForensicRules.config());
        config.put("must_read", List.of("verdict"));
        config.put("derive", derive);
        return FieldRules.fromConfig(config);
    }

    @Test
    void a_stated_verdict_outlives_a_field_no_rule_and_no_repair_can_fill() {
        ScriptedRepairer repairer = new ScriptedRepairer("still nothing useful");
        FieldRules rules = mustReadVerdict(Map.of("category", Map.of("from", "verdict",
                "values", Map.of("ai_generated", List.of("AI-generated"))))); // no rule for confidence or rationale

        Structured result = new Structurer(ForensicRules.schema(), rules, repairer, 1)
                .structure("Verdict: AI-generated");

        assertFalse(result.valid());
        assertEquals(1, repairer.errorsSeen.size(), "the schema is still unmet: one round is tried");
        assertEquals("fake", result.value().get("verdict").asText());
        assertEquals("ai_generated", result.value().get("category").asText());
        assertEquals(List.of("category", "confidence", "rationale"), result.derived());
    }

    @Test
    void derives_in_the_configured_order_so_one_derived_field_feeds_the_next() {
        Map<String, Object> derive = new java.util.LinkedHashMap<>();
        derive.put("confidence", List.of(Map.of("from", "p_fake", "when", Map.of("verdict", "real"), "complement", true)));
        derive.put("rationale", Map.of("from", "_prose"));
        derive.put("category", Map.of("when", Map.of("verdict", "real"), "value", "camera_original"));

        Structured result = Structurer.withoutRepair(ForensicRules.schema(), mustReadVerdict(derive))
                .structure("The EXIF is intact.\n{\"verdict\": \"genuine\", \"p_fake\": 0.25}");

        assertTrue(result.valid(), result.error());
        assertEquals(0.75, result.value().get("confidence").doubleValue(), 1e-12);
        assertEquals("The EXIF is intact.", result.value().get("rationale").asText());
        assertEquals(List.of("confidence", "rationale", "category"), result.derived());
    }

    @Test
    void an_unrecognised_enum_that_is_neither_must_read_nor_derivable_still_gets_its_default() {
        Structured result = Structurer.withoutRepair(ForensicRules.schema(), mustReadVerdict(Map.of()))
                .structure("{\"verdict\": \"fake\", \"confidence\": 0.6, \"category\": \"??\", \"rationale\": \"r\"}");

        assertTrue(result.valid(), result.error());
        assertEquals("unknown", result.value().get("category").asText());
    }

    @Test
    void the_fallback_gives_no_probability_the_answer_never_stated() {
        FieldRules rules = FieldRules.fromConfig(Map.of("clamp", Map.of("confidence", List.of(0, 1), "p_fake", List.of(0, 1))));
        Structured result = Structurer.withoutRepair(ForensicRules.schema(), rules).structure("nothing");

        assertFalse(result.value().has("p_fake"), result.value().toString());
        assertEquals(0.0, result.value().get("confidence").doubleValue());
    }
}
