package dev.loupe.graph;

import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.bsc.langgraph4j.checkpoint.MemorySaver;

import java.util.ArrayList;
import java.util.List;

/** A memory saver whose checkpoints, of every thread, a test can serialize and search. */
final class InspectableSaver extends MemorySaver {

    /** Every checkpoint's state, serialized as the graph's serializer writes it. */
    String serializedCheckpoints() throws Exception {
        StringBuilder out = new StringBuilder();
        List<Checkpoint> all = new ArrayList<>();
        cache().values().forEach(all::addAll);
        for (Checkpoint checkpoint : all) {
            out.append(new String(AnalysisGraph.serializer().dataToBytes(checkpoint.getState()), java.nio.charset.StandardCharsets.ISO_8859_1));
            out.append('\n');
        }
        return out.toString();
    }

    int count() {
        return cache().values().stream().mapToInt(List::size).sum();
    }
}
