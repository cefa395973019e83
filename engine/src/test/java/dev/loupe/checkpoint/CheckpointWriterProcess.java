package dev.loupe.checkpoint;

import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.Checkpoint;

import java.nio.file.Path;

/**
 * A second JVM for the multi-process test: writes checkpoints {@code <prefix>-0 … <prefix>-(n-1)}
 * to one thread of a SQLite store. Arguments: database file, thread id, count, prefix.
 */
public final class CheckpointWriterProcess {

    private CheckpointWriterProcess() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String threadId = args[1];
        int count = Integer.parseInt(args[2]);
        String prefix = args[3];
        try (LoupeStore store = LoupeStore.open(new StoreLocation.Sqlite(file), StateFixtures.serializer())) {
            writeCheckpoints(store, threadId, count, prefix);
        }
    }

    static void writeCheckpoints(LoupeStore store, String threadId, int count, String prefix) throws Exception {
        RunnableConfig config = RunnableConfig.builder().threadId(threadId).build();
        for (int i = 0; i < count; i++) {
            store.saver().put(config, Checkpoint.builder().id(prefix + "-" + i).nodeId(prefix)
                    .nextNodeId("next").state(StateFixtures.state(i)).build());
        }
    }
}
