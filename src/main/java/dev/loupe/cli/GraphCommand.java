package dev.loupe.cli;

import dev.loupe.Loupe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.util.concurrent.Callable;

/** {@code loupe graph show [GRAPH]}: the graph as a Mermaid diagram. */
@Command(name = "graph", mixinStandardHelpOptions = true, description = "Inspect graphs.",
        subcommands = GraphCommand.Show.class)
final class GraphCommand {

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Print a graph as a Mermaid diagram.")
    static final class Show implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", defaultValue = "forensic", description = "The graph's name (default: ${DEFAULT-VALUE}).")
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
