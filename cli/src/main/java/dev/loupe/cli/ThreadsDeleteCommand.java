package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.Threads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code loupe threads delete ID}. */
@Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete a thread and its checkpoints.")
final class ThreadsDeleteCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ThreadsCommand.Common common;

    @Parameters(index = "0", paramLabel = "ID")
    String id;

    @Override
    public Integer call() {
        try (Loupe loupe = common.open()) {
            if (!loupe.threads().delete(id)) {
                throw Threads.missing(id);
            }
            spec.commandLine().getOut().println("deleted thread " + id);
        }
        return 0;
    }
}
