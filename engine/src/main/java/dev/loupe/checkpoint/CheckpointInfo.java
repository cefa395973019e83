package dev.loupe.checkpoint;

import java.time.Instant;
import java.util.List;

/**
 * One checkpoint of a thread, as {@code loupe threads history} shows it.
 *
 * @param threadId     the thread it belongs to (the agent subgraph keeps its own, {@code <id>_subgraph_agent})
 * @param node         the node after which it was saved ({@code __START__} for the first)
 * @param next         the node that runs next ({@code __END__} when done)
 * @param time         when the node that produced it finished, or null for the first
 * @param toolCalls    the tools the model asked for in this step, if any
 * @param totalTokens  tokens spent by the whole analysis up to this checkpoint
 */
public record CheckpointInfo(String threadId, String checkpointId, String node, String next, Instant time,
                             List<String> toolCalls, long totalTokens) {

    public CheckpointInfo {
        toolCalls = List.copyOf(toolCalls);
    }
}
