package dev.loupe.checkpoint;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * What a replay found: whether the thread re-ran to the identical result, what differs, and how
 * the graph, prompts, schema, models or tools drifted since the thread was recorded.
 *
 * @param differences      each difference as "path: recorded → replayed"
 * @param fingerprintDrift each fingerprint entry that changed, as "key: then → now"
 * @param result           the replayed result (of the last turn, for a conversation)
 * @param turns            for a conversation of several turns, what each turn's replay found, in order;
 *                         empty otherwise
 */
public record ReplayReport(String threadId, boolean identical, List<String> differences, List<String> fingerprintDrift,
                           ObjectNode result, List<Turn> turns) {

    public ReplayReport {
        differences = List.copyOf(differences);
        fingerprintDrift = List.copyOf(fingerprintDrift);
        turns = List.copyOf(turns);
    }

    /** One conversation turn's replay: its question, and what differs from that turn's stored result. */
    public record Turn(int turn, String question, boolean identical, List<String> differences) {
        public Turn {
            differences = List.copyOf(differences);
        }
    }
}
