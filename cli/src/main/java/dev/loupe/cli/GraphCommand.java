package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.graph.GraphCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code loupe graph list} and {@code loupe graph show [GRAPH]}: the graphs there are, and one as a Mermaid diagram. */
@Command(name = "graph", mixinStandardHelpOptions = true, description = "Inspect graphs.",
        subcommands = {GraphCommand.ListGraphs.class, GraphCommand.Show.class})
final class GraphCommand {

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "The graphs you can run: bundled ones and graphs/*.yaml in this folder (which win).")
    static final class ListGraphs implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            for (GraphCatalog.Entry entry : GraphCatalog.list(Path.of(""))) {
                spec.commandLine().getOut().printf("%-14s %s  (%s)%n", entry.name(), entry.description(), entry.source());
            }
            return 0;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Print a graph as a Mermaid diagram.")
    static final class Show implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", defaultValue = GraphCatalog.DEFAULT_GRAPH, description = "The graph's name or the path of its file (default: ${DEFAULT-VALUE}).")
        String graph;

        @Override
        public Integer call() {
            try (Loupe loupe = Loupe.builder().graph(graph).build()) {
                spec.commandLine().getOut().println(loupe.graph().mermaid());
            }
            return 0;
        }
    }
}
