package dev.loupe.checkpoint;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * What a replay found: whether the thread re-ran to the identical result, what differs, and how
 * the graph, prompts, schema, models or tools drifted since the thread was recorded.
 *
 * @param differences      each difference as "path: recorded → replayed"
 * @param fingerprintDrift each fingerprint entry that changed, as "key: then → now"
 * @param result           the replayed result
 */
public record ReplayReport(String threadId, boolean identical, List<String> differences, List<String> fingerprintDrift,
                           ObjectNode result) {

    public ReplayReport {
        differences = List.copyOf(differences);
        fingerprintDrift = List.copyOf(fingerprintDrift);
    }
}
