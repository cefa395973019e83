package dev.loupe.eval.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.checkpoint.JsonDiff;
import dev.loupe.eval.RunFolder;

import java.util.List;
import java.util.Set;

/**
 * What differs between two runs' configuration fingerprints ({@code run.json}: Loupe's version,
 * the graph file, prompts, schema, models, tools), so a comparison says when it compares two
 * configurations rather than two samplings of one.
 */
final class FingerprintDrift {

    private FingerprintDrift() {
    }

    /** One line per differing value ("/graph_file/sha256: "ab…" → "cd…""); empty when they match. */
    static List<String> between(RunFolder a, RunFolder b) {
        JsonNode first = fingerprint(a);
        JsonNode second = fingerprint(b);
        if (first.isMissingNode() || second.isMissingNode()) {
            return first.isMissingNode() && second.isMissingNode() ? List.of()
                    : List.of("only one run records a fingerprint");
        }
        return new JsonDiff(Set.of()).differences(first, second);
    }

    private static JsonNode fingerprint(RunFolder folder) {
        return folder.holdsRun() ? folder.readRun().path("fingerprint") : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }
}
