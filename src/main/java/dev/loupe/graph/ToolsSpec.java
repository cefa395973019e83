package dev.loupe.graph;

import java.time.Duration;
import java.util.List;

/**
 * The tools a graph's agent may call and how their calls run.
 *
 * @param names       tool names from the registry (built in, from jars, from MCP servers)
 * @param timeout     the limit of one tool call
 * @param parallelism how many calls of one turn run at once
 */
public record ToolsSpec(List<String> names, Duration timeout, int parallelism) {

    public ToolsSpec {
        names = List.copyOf(names);
    }
}
