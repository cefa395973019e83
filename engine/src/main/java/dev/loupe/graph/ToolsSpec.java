package dev.loupe.graph;

import java.time.Duration;
import java.util.List;

/**
 * The tools a graph's agent may call and how their calls run.
 *
 * @param names       tool names from the registry (built in, from jars, from MCP servers)
 * @param timeout     the limit of one tool call, retries included
 * @param parallelism how many calls of one turn run at once
 * @param setup       the MCP servers tools come from, and how failing calls are retried
 */
public record ToolsSpec(List<String> names, Duration timeout, int parallelism, ToolSetup setup) {

    public ToolsSpec {
        names = List.copyOf(names);
        setup = setup == null ? ToolSetup.DEFAULT : setup;
    }

    public ToolsSpec(List<String> names, Duration timeout, int parallelism) {
        this(names, timeout, parallelism, ToolSetup.DEFAULT);
    }

    /** The same tools' settings with other names. */
    public ToolsSpec withNames(List<String> value) {
        return new ToolsSpec(value, timeout, parallelism, setup);
    }

    /** The same with another per-call timeout. */
    public ToolsSpec withTimeout(Duration value) {
        return new ToolsSpec(names, value, parallelism, setup);
    }
}
