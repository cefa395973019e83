package dev.loupe.graph;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.ParserContract;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;

/**
 * Fuzzes graph files (YAML: anchors and aliases, deep nesting, wrong types in every section). The
 * contract: a graph file is read or refused with a one-line BAD_INPUT naming the file and the key.
 */
@Timeout(10)
class GraphFileFuzzTest {

    private static final ParserContract GRAPH_FILES = ParserContract.refusesWithBadInput("GraphSpecParser", AllocationBudget.of(32, 4096));

    @FuzzTest(maxDuration = "10m")
    void any_graph_file_is_read_or_refused_in_one_line(byte[] input) {
        String yaml = new String(input, StandardCharsets.UTF_8);
        GRAPH_FILES.assertHolds(input.length, () -> GraphSpecParser.parse(yaml, "fuzz.yaml"));
    }
}
