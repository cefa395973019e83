package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.Threads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.concurrent.Callable;

/** {@code loupe threads delete ID}. */
@Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete a thread and its checkpoints.")
final class ThreadsDeleteCommand implements Callable<Integer> {

    @Mixin
    ThreadsCommand.OneThread thread;

    @Override
    public Integer call() {
        // deleting reads no graph: the thread goes even when the graph it ran is gone
        try (Loupe loupe = thread.common.open()) {
            if (!loupe.threads().delete(thread.id)) {
                throw Threads.missing(thread.id);
            }
            thread.out().println("deleted thread " + thread.id);
        }
        return 0;
    }
}
