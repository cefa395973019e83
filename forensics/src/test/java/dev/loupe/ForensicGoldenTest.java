package dev.loupe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.checkpoint.JsonDiff;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The forensic result of the bundled sample, field for field, against the golden copy in
 * {@code forensics/src/test/resources/golden/}: a change in any number or text is seen in review. Only what
 * changes on every run by nature (thread id, wall-clock timings, where files were read from) is left
 * out. To accept a deliberate change, run with {@code -Dloupe.golden.write=true} and review the diff.
 */
class ForensicGoldenTest {

    private static final Path SAMPLE = Path.of("evaluation/samples/camera-original.jpg");
    private static final Path GOLDEN = Path.of("forensics/src/test/resources/golden/forensic-camera-original.json");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonDiff DIFF = new JsonDiff(Set.of("thread_id", "timings", "seconds", "path"));

    @Test
    void the_forensic_result_of_the_sample_image_is_unchanged_field_for_field() throws IOException {
        ObjectNode result;
        try (Loupe loupe = Loupe.builder().graph("forensic").build()) {
            result = loupe.analyze(SAMPLE).toJson();
        }
        if (Boolean.getBoolean("loupe.golden.write")) {
            Files.writeString(GOLDEN, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(result) + "\n");
        }
        JsonNode golden = JSON.readTree(GOLDEN.toFile());

        List<String> differences = DIFF.differences(golden, result);

        assertEquals(List.of(), differences, "the forensic result moved from its golden copy");
    }
}
