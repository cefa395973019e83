package dev.loupe.structure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

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
}
