package dev.loupe.tool;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ModelViewTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode json(String text) throws Exception {
        return (ObjectNode) JSON.readTree(text);
    }

    @Test
    void writes_each_finding_whole_on_its_line_then_the_named_fields_without_empties() throws Exception {
        ToolResult result = ToolResult.ok(json("""
                {"exif": {"make": "Canon", "software": "GIMP 2.10", "orientation": 1, "note": null},
                 "xmp": {"history_actions": []}, "jpeg_comments": ["\\u0000\\u0014\\r\\n"], "method": "a long description"}"""),
                List.of(new Finding("editing_software", "EXIF names GIMP 2.10,\nan editor."), new Finding("exif_thumbnail_present", "A thumbnail.")),
                List.of("/tmp/run/heatmap.png"));

        String view = ModelView.of(result, List.of("exif.make", "exif.software", "exif.note", "xmp.history_actions", "jpeg_comments", "absent"), 800);

        assertEquals("""
                editing_software: EXIF names GIMP 2.10, an editor.
                exif_thumbnail_present: A thumbnail.
                {"exif":{"make":"Canon","software":"GIMP 2.10"}}""", view);
    }

    @Test
    void rounds_numbers_to_three_significant_digits_and_writes_whole_ones_plainly() throws Exception {
        ToolResult result = ToolResult.ok(json("{\"ratio\": 0.123456, \"threshold\": 20.0, \"sigma\": 4.0874, \"blocks\": 30000}"), List.of());

        assertEquals("{\"ratio\":0.123,\"threshold\":20,\"sigma\":4.09,\"blocks\":30000}", ModelView.of(result, 800));
    }

    @Test
    void says_in_one_line_why_a_tool_did_not_run() {
        assertEquals("[not_applicable] ELA needs a JPEG", ModelView.of(ToolResult.notApplicable("ELA needs a JPEG"), 800));
        assertEquals("[error] no block could be decoded", ModelView.of(ToolResult.error("no block could be decoded"), 800));
    }

    @Test
    void names_the_fields_it_left_out_past_the_budget_and_keeps_a_page_text_whole() throws Exception {
        ToolResult result = ToolResult.ok(json("{\"small\": 1, \"large\": \"" + "x".repeat(90) + "\", \"text\": \"" + "page ".repeat(50) + "\"}"),
                List.of());

        String view = ModelView.of(result, 40);

        assertTrue(view.startsWith("{\"small\":1,\"text\":\"page page"), view);
        assertTrue(view.endsWith("\n(omitted: large)"), view);
    }

    @Test
    void an_empty_result_says_it_found_nothing() {
        assertEquals("no findings", ModelView.of(ToolResult.ok(null, List.of()), 800));
    }

    @Test
    void the_reader_gets_back_the_status_every_finding_and_the_data_the_model_was_shown() throws Exception {
        ToolResult result = ToolResult.ok(json("{\"score\": 0.5, \"regions\": [{\"x\": 1}]}"),
                List.of(new Finding("copy_move_detected", "The region 96x96 px at (1296,448) reappears: shifted by (504, 1452)."),
                        new Finding("noise_consistent", "Consistent (median 4.1).")), List.of("/tmp/a.png"));

        ToolResult read = ModelViewReader.read(ModelView.of(result, 800));

        assertEquals(ToolStatus.OK, read.status());
        assertEquals(result.findings(), read.findings());
        assertEquals(result.data(), read.data());
        assertEquals(ToolStatus.NOT_APPLICABLE, ModelViewReader.read(ModelView.of(ToolResult.notApplicable("not a JPEG"), 800)).status());
        assertEquals("not a JPEG", ModelViewReader.read("[not_applicable] not a JPEG").error());
    }

    @Test
    void the_reader_also_reads_results_checkpointed_as_json_before_the_compact_view() {
        ToolResult read = ModelViewReader.read("{\"status\":\"ok\",\"findings\":[{\"code\":\"ela_uniform\",\"detail\":\"Uniform.\"}],"
                + "\"data\":{\"quality\":90}}");

        assertEquals(List.of(new Finding("ela_uniform", "Uniform.")), read.findings());
        assertEquals(90, read.data().get("quality").asInt());
        assertEquals(ToolStatus.ERROR, ModelViewReader.read("{\"status\":\"error\",\"error\":\"timed out\"}").status());
    }

    @Test
    void the_reader_takes_text_in_neither_form_for_an_error_that_quotes_it() {
        ToolResult read = ModelViewReader.read("Something went wrong!");

        assertEquals(ToolStatus.ERROR, read.status());
        assertEquals("unreadable result: Something went wrong!", read.error());
    }
}
