package dev.loupe.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class FieldColumnTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Map<String, String> result() throws Exception {
        return FieldColumn.flatten(JSON.readTree("""
                {"verdict": "real", "measures": {"horizon": {"found": true, "tilt_deg": -2.4}},
                 "passages": [{"position": "Horizon ¶1"}, {"position": "Balance ¶2"}, {"position": "Depth ¶1"}],
                 "long": "%s"}""".formatted("x".repeat(300))));
    }

    @Test
    void a_result_is_flattened_by_dotted_path_with_array_indexes_and_long_texts_left_out() throws Exception {
        Map<String, String> flat = result();

        assertEquals("-2.4", flat.get("measures.horizon.tilt_deg"));
        assertEquals("true", flat.get("measures.horizon.found"));
        assertEquals("Balance ¶2", flat.get("passages.1.position"));
        assertNull(flat.get("long"));
    }

    @Test
    void a_tolerance_in_the_header_accepts_numbers_that_close() throws Exception {
        FieldColumn tilt = FieldColumn.parse("measures.horizon.tilt_deg~0.5");
        String answered = tilt.answer(result());

        assertEquals("measures.horizon.tilt_deg", tilt.path());
        assertEquals(1, tilt.rank("-2", answered));
        assertEquals(0, tilt.rank("-3", answered));
        assertEquals(0, FieldColumn.parse("measures.horizon.tilt_deg").rank("-2", answered));
    }

    @Test
    void a_list_column_is_right_when_any_accepted_value_is_among_the_answers_and_gives_its_rank() throws Exception {
        FieldColumn passages = FieldColumn.parse("passages.*.position");
        String answered = passages.answer(result());

        assertEquals("[\"Horizon ¶1\",\"Balance ¶2\",\"Depth ¶1\"]", answered);
        assertEquals(2, passages.rank("balance ¶2", answered));
        assertEquals(3, passages.rank("Colour ¶1|Depth ¶1", answered));
        assertEquals(0, passages.rank("Colour ¶1", answered));
    }

    @Test
    void an_empty_manifest_cell_is_not_scored_and_a_missing_field_is_not_answered() throws Exception {
        Map<String, String> scored = ItemResult.scored(Map.of("verdict", "", "measures.horizon.tilt_deg~1", "-2",
                "measures.subject.placement", "thirds"), result());

        assertEquals(Map.of("measures.horizon.tilt_deg~1", "-2.4"), scored);
    }
}
