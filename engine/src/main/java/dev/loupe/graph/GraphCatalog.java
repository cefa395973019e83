package dev.loupe.graph;

import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The graphs a user can run: those bundled with Loupe (listed in each jar's {@code graphs/index.txt}) and every
 * {@code graphs/*.yaml} in the working folder, which win over a bundled graph of the same name.
 */
public final class GraphCatalog {

    /**
     * The graph run when none is named: by the builder, every command with a {@code --graph} option,
     * and the service and MCP server started with no graph named. Decided here alone.
     */
    public static final String DEFAULT_GRAPH = "forensic";

    /** One graph as {@code loupe graph list} shows it. */
    public record Entry(String name, String description, String source) {
    }

    private GraphCatalog() {
    }

    public static List<String> names(Path home) {
        return list(home).stream().map(Entry::name).toList();
    }

    public static List<Entry> list(Path home) {
        Map<String, Entry> byName = new TreeMap<>();
        for (String name : bundledNames()) {
            add(byName, GraphFiles.bundled(), name);
        }
        Path folder = home.resolve("graphs");
        if (Files.isDirectory(folder)) {
            try (Stream<Path> files = Files.list(folder)) {
                for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList()) {
                    String name = file.getFileName().toString().replaceFirst("\\.yaml$", "");
                    if (!name.equals("prices")) {
                        add(byName, GraphFiles.folder(home), name);
                    }
                }
            } catch (IOException e) {
                throw LoupeException.badInput(folder + ": cannot list the graphs (" + e.getMessage() + ")");
            }
        }
        return new ArrayList<>(byName.values());
    }

    private static void add(Map<String, Entry> byName, GraphFiles files, String name) {
        String path = "graphs/" + name + ".yaml";
        try {
            GraphSpec spec = GraphSpecParser.parse(files.read(path), files.describe(path));
            byName.put(spec.name(), new Entry(spec.name(), spec.description(), files.describe(path)));
        } catch (LoupeException e) {
            byName.put(name, new Entry(name, "(cannot be read: " + e.getMessage() + ")", files.describe(path)));
        }
    }

    /** The names every jar on the class path lists in its {@code graphs/index.txt}: each family bundles its own graphs. */
    private static List<String> bundledNames() {
        List<String> names = new ArrayList<>();
        try {
            for (URL index : Collections.list(GraphCatalog.class.getClassLoader().getResources("graphs/index.txt"))) {
                try (InputStream in = index.openStream()) {
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::trim)
                            .filter(line -> !line.isEmpty() && !line.startsWith("#") && !names.contains(line))
                            .forEach(names::add);
                }
            }
        } catch (IOException e) {
            return names;
        }
        return names;
    }
}
