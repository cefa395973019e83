package dev.loupe.cli;

import dev.loupe.Loupe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code loupe threads …}: past analyses. */
@Command(name = "threads", mixinStandardHelpOptions = true,
        description = "List, inspect, replay, fork, resume and delete past analyses (threads).",
        subcommands = {ThreadsListCommand.class, ThreadsShowCommand.class, ThreadsHistoryCommand.class,
                ThreadsReplayCommand.class, ThreadsForkCommand.class, ThreadsResumeCommand.class,
                ThreadsDeleteCommand.class, ThreadsPruneCommand.class, ThreadsExportCommand.class, ThreadsTraceCommand.class})
final class ThreadsCommand {

    /** The options every threads subcommand shares: the store and the graph. */
    static final class Common {
        @Mixin
        StoreOption store;

        @Option(names = "--graph", defaultValue = "forensic", description = "The graph the threads ran, by name or path (default: ${DEFAULT-VALUE}).")
        String graph;

        Loupe open() {
            return Loupe.builder().graph(graph).store(store.location()).build();
        }
    }
}
