package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.CheckpointInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code loupe threads history ID}: each checkpoint. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = "Each checkpoint of a thread: node, time, tool calls, tokens so far.")
final class ThreadsHistoryCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ThreadsCommand.Common common;

    @Parameters(index = "0", paramLabel = "ID")
    String id;

    @Override
    public Integer call() {
        try (Loupe loupe = common.open()) {
            var out = spec.commandLine().getOut();
            for (CheckpointInfo c : loupe.threads().history(id)) {
                String scope = c.threadId().equals(id) ? "graph" : "agent";
                out.printf("%-24s  %-5s  %-12s → %-12s  %6d tokens  %s  %s%n", c.time() == null ? "-" : c.time(), scope,
                        c.node(), c.next(), c.totalTokens(), c.checkpointId(),
                        c.toolCalls().isEmpty() ? "" : "calls " + String.join(", ", c.toolCalls()));
            }
        }
        return 0;
    }
}
