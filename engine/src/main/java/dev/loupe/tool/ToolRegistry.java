package dev.loupe.tool;

import dev.loupe.core.LoupeException;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/** The tools available to graphs, found on the class path with {@link ServiceLoader}. */
public final class ToolRegistry {

    private final Map<String, Tool> tools;

    private ToolRegistry(Map<String, Tool> tools) {
        this.tools = tools;
    }

    /** Every tool listed in {@code META-INF/services/dev.loupe.tool.Tool} on the class path. */
    public static ToolRegistry discover() {
        Map<String, Tool> found = new LinkedHashMap<>();
        for (Tool tool : ServiceLoader.load(Tool.class, ToolRegistry.class.getClassLoader())) {
            found.putIfAbsent(tool.name(), tool);
        }
        return new ToolRegistry(found);
    }

    /** Exactly these tools, for tests and applications that choose their own. */
    public static ToolRegistry of(List<Tool> tools) {
        Map<String, Tool> map = new LinkedHashMap<>();
        tools.forEach(tool -> map.put(tool.name(), tool));
        return new ToolRegistry(map);
    }

    /** The tool called {@code name}. */
    public Optional<Tool> find(String name) {
        return Optional.ofNullable(tools.get(name));
    }

    /** Every tool, in registration order. */
    public Collection<Tool> all() {
        return tools.values();
    }

    /** This registry and {@code more} (an MCP server's tools, say); a name already here keeps its tool. */
    public ToolRegistry with(Collection<? extends Tool> more) {
        Map<String, Tool> map = new LinkedHashMap<>(tools);
        more.forEach(tool -> map.putIfAbsent(tool.name(), tool));
        return new ToolRegistry(map);
    }

    /**
     * The subset named, in the order given; an unknown name is bad input (LoupeException BAD_INPUT). A name ending
     * in {@code *} selects every tool it is a prefix of ({@code files__*}: all of server files' tools).
     */
    public ToolRegistry select(List<String> names) {
        Map<String, Tool> map = new LinkedHashMap<>();
        for (String name : names) {
            if (name.endsWith("*")) {
                String prefix = name.substring(0, name.length() - 1);
                tools.forEach((key, tool) -> {
                    if (key.startsWith(prefix)) {
                        map.put(key, tool);
                    }
                });
                continue;
            }
            Tool tool = tools.get(name);
            if (tool == null) {
                // Bad input, whoever named it (a graph file, --tools, an HTTP client): the list says what to name instead.
                throw LoupeException.badInput("unknown tool '" + name + "'; the known tools are: " + String.join(", ", tools.keySet()));
            }
            map.put(name, tool);
        }
        return new ToolRegistry(map);
    }

    /** Every tool's name, in registration order. */
    public List<String> names() {
        return List.copyOf(tools.keySet());
    }
}
