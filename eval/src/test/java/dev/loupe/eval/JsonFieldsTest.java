package dev.loupe.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class JsonFieldsTest {

    private static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    @Test
    void a_missing_or_null_field_reads_as_null_and_any_other_as_its_text() throws Exception {
        JsonNode node = json("{\"model\": null, \"graph\": \"forensic\", \"limit\": 3}");

        assertNull(JsonFields.text(node, "model"));
        assertNull(JsonFields.text(node, "absent"));
        assertEquals("forensic", JsonFields.text(node, "graph"));
        assertEquals("3", JsonFields.text(node, "limit"));
    }

    @Test
    void only_a_json_number_reads_as_a_number() throws Exception {
        JsonNode node = json("{\"confidence\": 0.75, \"cost\": null, \"p_fake\": \"0.5\"}");

        assertEquals(0.75, JsonFields.number(node, "confidence"));
        assertNull(JsonFields.number(node, "cost"));
        assertNull(JsonFields.number(node, "p_fake"));
        assertNull(JsonFields.number(node, "absent"));
    }
}
