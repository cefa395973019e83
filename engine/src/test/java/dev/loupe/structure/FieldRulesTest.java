package dev.loupe.structure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.loupe.core.LoupeException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FieldRulesTest {

    private static final String YAML = """
            enums:
              verdict:
                values:
                  fake: [AI-generated, "AI generated", synthetic, generated, manipulated, tampered, edited, photoshopped, fake]
                  real: [authentic, genuine, original, camera original, real]
                  uncertain: [inconclusive, unknown, cannot determine]
                default: uncertain
            clamp:
              confidence: [0, 1]
            defaults:
              rationale: The answer could not be structured.
            """;

    @Test
    @SuppressWarnings("unchecked")
    void reads_the_rules_from_a_graph_files_yaml() throws Exception {
        Map<String, Object> config = new ObjectMapper(new YAMLFactory()).readValue(YAML, Map.class);
        FieldRules rules = FieldRules.fromConfig(config);
        assertEquals(List.of("verdict"), List.copyOf(rules.enums().keySet()));
        assertEquals("uncertain", rules.enums().get("verdict").defaultValue());
        assertEquals("fake", rules.enums().get("verdict").canonical("Ai_Generated").orElseThrow());
        assertEquals(new FieldRules.Range(0, 1), rules.clamps().get("confidence"));
        assertEquals("{\"verdict\":\"uncertain\",\"confidence\":0.0,\"rationale\":\"The answer could not be structured.\"}",
                rules.fallback().toString());
    }

    @Test
    void has_no_rules_without_configuration() {
        assertEquals(FieldRules.none(), FieldRules.fromConfig(null));
        assertEquals("{}", FieldRules.none().fallback().toString());
    }

    @Test
    void refuses_a_default_that_is_not_one_of_the_values() {
        Map<String, Object> config = Map.of("enums", Map.of("verdict",
                Map.of("values", Map.of("real", List.of()), "default", "maybe")));
        LoupeException e = assertThrows(LoupeException.class, () -> FieldRules.fromConfig(config));
        assertEquals(LoupeException.Kind.BAD_INPUT, e.kind());
        assertEquals("structuring rules: enums.verdict: default 'maybe' is not one of [real]", e.getMessage());
    }

    @Test
    void refuses_an_enum_without_values() {
        LoupeException e = assertThrows(LoupeException.class,
                () -> FieldRules.fromConfig(Map.of("enums", Map.of("verdict", Map.of("default", "x")))));
        assertEquals("structuring rules: enums.verdict.values is missing or empty", e.getMessage());
    }

    @Test
    void refuses_aliases_that_are_not_a_list() {
        LoupeException e = assertThrows(LoupeException.class, () -> FieldRules.fromConfig(Map.of("enums",
                Map.of("verdict", Map.of("values", Map.of("fake", "AI"), "default", "fake")))));
        assertEquals("structuring rules: enums.verdict.values.fake must be a list of aliases", e.getMessage());
    }

    @Test
    void refuses_a_clamp_that_is_not_two_numbers() {
        LoupeException e = assertThrows(LoupeException.class,
                () -> FieldRules.fromConfig(Map.of("clamp", Map.of("confidence", List.of(0)))));
        assertEquals("structuring rules: clamp.confidence must be [min, max], not [0]", e.getMessage());
    }

    @Test
    void refuses_an_empty_range() {
        LoupeException e = assertThrows(LoupeException.class,
                () -> FieldRules.fromConfig(Map.of("clamp", Map.of("confidence", List.of(1, 0)))));
        assertEquals("structuring rules: clamp.confidence: range [1.0, 0.0] is empty", e.getMessage());
    }

    @Test
    void refuses_a_derivation_rule_with_an_unknown_key() {
        LoupeException e = assertThrows(LoupeException.class, () -> FieldRules.fromConfig(Map.of("derive",
                Map.of("category", List.of(Map.of("value", "unknown"), Map.of("form", "verdict"))))));
        assertEquals("structuring rules: derive.category[1]: unknown key 'form' (use from, when, values, complement, value)",
                e.getMessage());
    }

    @Test
    void refuses_a_derivation_rule_with_neither_a_source_nor_a_value() {
        LoupeException e = assertThrows(LoupeException.class, () -> FieldRules.fromConfig(Map.of("derive",
                Map.of("confidence", Map.of("when", Map.of("verdict", "fake"))))));
        assertEquals("structuring rules: derive.confidence: a rule needs either from: or value:", e.getMessage());
    }

    @Test
    void reads_must_read_and_renames() {
        FieldRules rules = FieldRules.fromConfig(Map.of("must_read", List.of("verdict"),
                "rename", Map.of("verdict", List.of("classification"))));
        assertEquals(List.of("verdict"), rules.mustRead());
        assertEquals(Map.of("verdict", List.of("classification")), rules.renames());
    }
}
