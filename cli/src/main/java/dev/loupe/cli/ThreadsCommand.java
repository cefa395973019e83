package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.graph.AnalysisGraph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Optional;

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

        @Option(names = "--graph", description = "The graph the thread ran, by name or path (default: the one the thread "
                + "names; give the path of a graph file run from a path).")
        String graph;

        /** An instance of the graph thread {@code id} ran (or {@code --graph}), on the store. */
        Loupe open(String id) {
            LoupeBuilder builder = Loupe.builder().store(store.location());
            Optional.ofNullable(graph).or(() -> graphOf(id)).ifPresent(builder::graph);
            return builder.build();
        }

        /** An instance of {@code --graph}, or the default graph, on the store. */
        Loupe open() {
            LoupeBuilder builder = Loupe.builder().store(store.location());
            Optional.ofNullable(graph).ifPresent(builder::graph);
            return builder.build();
        }

        private Optional<String> graphOf(String id) {
            try (LoupeStore opened = LoupeStore.open(store.location(), AnalysisGraph.serializer())) {
                return opened.threads().findThread(id).map(ThreadRecord::graphName);
            }
        }
    }

    /** What a subcommand about one thread takes: the shared options and the thread's id; and where it prints. */
    static final class OneThread {
        @Spec(Spec.Target.MIXEE)
        CommandSpec spec;

        @Mixin
        Common common;

        @Parameters(index = "0", paramLabel = "ID")
        String id;

        /** An instance of the graph the thread ran (or {@code --graph}), on the store. */
        Loupe open() {
            return common.open(id);
        }

        /** The subcommand's standard output. */
        PrintWriter out() {
            return spec.commandLine().getOut();
        }
    }
}
