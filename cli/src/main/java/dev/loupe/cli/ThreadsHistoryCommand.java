package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.CheckpointInfo;
import dev.loupe.checkpoint.ThreadStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.concurrent.Callable;

/** {@code loupe threads history ID}: each checkpoint. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = "Each checkpoint of a thread: node, time, tool calls, tokens so far.")
final class ThreadsHistoryCommand implements Callable<Integer> {

    @Mixin
    ThreadsCommand.OneThread thread;

    @Override
    public Integer call() {
        try (Loupe loupe = thread.open()) {
            var out = thread.out();
            for (CheckpointInfo c : loupe.threads().history(thread.id)) {
                out.printf("%-24s  %-11s  %-12s → %-12s  %6d tokens  %s  %s%n", c.time() == null ? "-" : c.time(), scope(c.threadId()),
                        c.node(), c.next(), c.totalTokens(), c.checkpointId(),
                        c.toolCalls().isEmpty() ? "" : "calls " + String.join(", ", c.toolCalls()));
            }
        }
        return 0;
    }

    /** Which part of the thread a checkpoint is of: the graph or its agent, and for a conversation which turn. */
    private String scope(String checkpointThread) {
        String rest = checkpointThread.startsWith(thread.id) ? checkpointThread.substring(thread.id.length()) : checkpointThread;
        boolean agent = rest.endsWith(ThreadStore.AGENT_SUBGRAPH_SUFFIX);
        String turn = agent ? rest.substring(0, rest.length() - ThreadStore.AGENT_SUBGRAPH_SUFFIX.length()) : rest;
        return (turn.isEmpty() ? "" : turn.substring(1) + " ") + (agent ? "agent" : "graph");
    }
}
