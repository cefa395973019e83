package dev.loupe.cli;

import dev.loupe.graph.GraphCatalog;
import picocli.CommandLine.Option;

/**
 * {@code --graph} of the commands that run the default graph unless told otherwise ({@code analyze},
 * {@code eval}, the Spark job, the benchmarks), as a picocli mixin: one name, one default, one help line.
 */
public final class GraphOption {

    @Option(names = "--graph", defaultValue = GraphCatalog.DEFAULT_GRAPH,
            description = "The graph to run: a name from 'loupe graph list' or a graph file's path (default: ${DEFAULT-VALUE}).")
    String graph;

    /** The graph's name or file path, as {@code LoupeBuilder.graph} takes it. */
    public String graph() {
        return graph;
    }
}
