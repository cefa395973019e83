package dev.loupe.tool.forensic;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.structure.JsonSchema;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every tool promises, checked for metadata and provenance as found by ServiceLoader. */
class MetadataToolsContractTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Tool discovered(String name) {
        return ToolRegistry.discover().find(name).orElseThrow(() -> new AssertionError(name + " is not registered"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"metadata", "provenance"})
    void tool_is_registered_and_accepts_only_an_empty_argument_object(String name) throws Exception {
        JsonSchema schema = JsonSchema.parse(discovered(name).definition().argumentSchema());

        assertEquals(0, schema.validate(JSON.readTree("{}")).size());
        assertFalse(schema.validate(JSON.readTree("{\"region\":1}")).isEmpty());
        // Short, for the model reads it every turn, but naming what the tool reads.
        assertTrue(discovered(name).definition().description().contains(name.equals("metadata") ? "EXIF" : "C2PA"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"metadata", "provenance"})
    void same_image_gives_the_same_result_twice(String name) throws Exception {
        Tool tool = discovered(name);
        String first = tool.run(ToolContext.of(TestImages.resource("/c2pa/CA.jpg")), JSON.createObjectNode()).toJson().toString();
        String second = tool.run(ToolContext.of(TestImages.resource("/c2pa/CA.jpg")), JSON.createObjectNode()).toJson().toString();

        assertEquals(first, second);
    }
}
