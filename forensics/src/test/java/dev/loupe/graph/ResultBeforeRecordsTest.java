package dev.loupe.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.model.NodeRole;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A thread stored before the result's envelope was typed (an offline forensic analysis, its stored
 * result and its last checkpoint as the SQLite store kept them) still reads: the stored result reads
 * back into the records and writes the very bytes it was stored as, and the checkpoint's state
 * loads and gives that result again.
 */
class ResultBeforeRecordsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURE = Path.of("forensics/src/test/resources/checkpoints/offline-forensic-before-records.json");

    @Test
    void a_result_stored_before_the_records_reads_into_them_and_writes_the_same_bytes() throws Exception {
        JsonNode fixture = JSON.readTree(FIXTURE.toFile());
        String stored = fixture.path("result_json").asText();

        AnalysisResult result = StoredResult.read(JSON.readTree(stored), fixture.path("verdict").asText());

        assertEquals(withCanonicalPrompts(stored), result.toJson().toString());
        assertEquals("camera-exif.jpg", result.image().name());
        assertEquals(64, result.image().width());
        assertEquals("offline", result.models().get(NodeRole.AGENT));
        assertEquals(16, result.toolDetails().size());
        assertEquals("metadata", result.toolDetails().get(0).tool());
        assertFalse(result.toolDetails().get(0).findings().isEmpty());
        assertTrue(result.flags().isEmpty());
        assertEquals(7.215, result.timings().total());
        assertEquals(result.toolDetails().size(), result.toolUsage().values().stream().mapToInt(Integer::intValue).sum());
    }

    @Test
    void the_last_checkpoint_of_a_thread_stored_before_the_records_loads_and_gives_its_stored_result() throws Exception {
        JsonNode fixture = JSON.readTree(FIXTURE.toFile());
        JsonNode stored = JSON.readTree(fixture.path("result_json").asText());
        Map<String, Object> data = AnalysisGraph.serializer().readDataFromString(fixture.path("state_json").asText());

        try (Loupe loupe = Loupe.builder().store(StoreLocation.parse("memory")).build()) {
            AnalysisGraph graph = loupe.graph();
            AnalysisResult result = AnalysisResult.from(new AnalysisState(data), fixture.path("thread_id").asText(), graph.spec(),
                    graph.prompts(), stored.path("timings").path("total").asDouble());

            JsonNode json = result.toJson();
            // the prompts are the ones this build reads; the cost is the price table's, added by the facade
            for (String field : new String[] {"prompts", "cost_usd"}) {
                ((ObjectNode) json).remove(field);
                ((ObjectNode) stored).remove(field);
            }
            assertEquals(stored.toString(), json.toString());
            assertEquals(fixture.path("verdict").asText(), result.label());
        }
    }

    /** The stored JSON with each prompt's fields as {@code file, sha256}: before, their order was a Map.of's. */
    private static String withCanonicalPrompts(String stored) throws Exception {
        ObjectNode json = (ObjectNode) JSON.readTree(stored);
        ObjectNode prompts = JSON.createObjectNode();
        json.path("prompts").fields().forEachRemaining(field -> prompts.putObject(field.getKey())
                .put("file", field.getValue().path("file").asText()).put("sha256", field.getValue().path("sha256").asText()));
        json.set("prompts", prompts);
        return json.toString();
    }
}
