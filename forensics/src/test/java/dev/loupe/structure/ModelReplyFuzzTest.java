package dev.loupe.structure;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.ParserContract;
import dev.loupe.graph.GraphSpec;
import dev.loupe.graph.GraphSpecParser;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzzes what turns a model's free text into the forensic result: the tolerant JSON extraction
 * (fences, cut-off objects, repairs), then normalisation and schema validation with the shipped
 * graph's rules and schema. The contract: neither ever throws; a reply that cannot be read is a
 * failed extraction or an {@code uncertain} result with a structuring error.
 */
@Timeout(10)
class ModelReplyFuzzTest {

    private static final ParserContract EXTRACTION = ParserContract.neverThrows("TolerantJson", AllocationBudget.of(16, 2048));
    private static final ParserContract STRUCTURING = ParserContract.neverThrows("Structurer", AllocationBudget.of(32, 2048));
    private static final Structurer FORENSIC = forensicStructurer();

    @FuzzTest(maxDuration = "10m")
    void any_reply_is_extracted_or_refused(byte[] input) {
        String reply = new String(input, StandardCharsets.UTF_8);
        EXTRACTION.assertHolds(input.length, () -> TolerantJson.extract(reply));
    }

    @FuzzTest(maxDuration = "10m")
    void any_reply_becomes_a_result_or_a_structuring_error(byte[] input) {
        String reply = new String(input, StandardCharsets.UTF_8);
        STRUCTURING.assertHolds(input.length, () -> FORENSIC.structure(reply));
    }

    private static Structurer forensicStructurer() {
        try {
            GraphSpec spec = GraphSpecParser.parse(Files.readString(Path.of("graphs/forensic.yaml")), "graphs/forensic.yaml");
            JsonSchema schema = JsonSchema.parse(Files.readString(Path.of(spec.structuring().schemaPath())));
            return Structurer.withoutRepair(schema, FieldRules.fromConfig(spec.structuring().rules()));
        } catch (IOException e) {
            throw new IllegalStateException("the fuzz tests run in the project folder, beside graphs/", e);
        }
    }
}
