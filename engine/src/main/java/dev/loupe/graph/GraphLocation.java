package dev.loupe.graph;

import dev.loupe.core.LoupeException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Where one graph file is: the root its paths are relative to, and the file under it. A graph is
 * named ({@code forensic}: {@code graphs/forensic.yaml} in the working folder, else bundled) or
 * given by path ({@code ~/graphs/caption.yaml}: its root is the folder holding {@code graphs/}, or
 * the file's own folder).
 */
public record GraphLocation(GraphFiles files, String relativePath) {

    /** The graph named or pointed to by {@code nameOrPath}, with names looked up in {@code home} first. */
    public static GraphLocation of(Path home, String nameOrPath) {
        String lower = nameOrPath.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".yaml") || lower.endsWith(".yml") || nameOrPath.contains("/") || nameOrPath.contains("\\")) {
            Path file = Path.of(nameOrPath).toAbsolutePath().normalize();
            if (!Files.isRegularFile(file)) {
                throw LoupeException.badInput(nameOrPath + ": no graph file there (give a graph name from 'loupe graph list', "
                        + "or the path of a .yaml graph file)");
            }
            Path folder = file.getParent();
            Path root = folder.getFileName() != null && folder.getFileName().toString().equals("graphs") && folder.getParent() != null
                    ? folder.getParent() : folder;
            return new GraphLocation(GraphFiles.folder(root), root.relativize(file).toString().replace('\\', '/'));
        }
        if (!nameOrPath.matches("[A-Za-z0-9_.-]+")) {
            throw LoupeException.badInput("'" + nameOrPath + "' is not a graph name; see 'loupe graph list'");
        }
        GraphFiles files = GraphFiles.preferring(home, nameOrPath);
        String path = "graphs/" + nameOrPath + ".yaml";
        if (!files.exists(path)) {
            throw LoupeException.badInput("no graph named '" + nameOrPath + "'; known: "
                    + String.join(", ", GraphCatalog.names(home)) + " (or give the path of a .yaml graph file)");
        }
        return new GraphLocation(files, path);
    }

    public GraphSpec load() {
        return GraphSpecParser.parse(files.read(relativePath), files.describe(relativePath));
    }
}
