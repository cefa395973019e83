package dev.loupe.graph;

import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a graph's editable files are read from: a project folder holding {@code graphs/} and
 * {@code prompts/}, or the copies bundled in Loupe's jar. Paths inside graph files are relative to
 * that root ({@code prompts/forensic/vision.md}).
 */
public sealed interface GraphFiles {

    /** The text of a file under the root. */
    String read(String relativePath);

    /** A human-readable location of a file, for error messages and fingerprints. */
    String describe(String relativePath);

    /** Whether a file is there. */
    boolean exists(String relativePath);

    /** The files in {@code root}: its {@code graphs/} and {@code prompts/} folders. */
    static GraphFiles folder(Path root) {
        return new Folder(root.toAbsolutePath().normalize());
    }

    /** The files bundled in the jar. */
    static GraphFiles bundled() {
        return new Bundled();
    }

    /**
     * The folder {@code root} when it holds {@code graphs/<graph>.yaml}, else the bundled copies, so
     * that a checkout's edited files win and {@code java -jar} works anywhere.
     */
    static GraphFiles preferring(Path root, String graph) {
        return Files.isRegularFile(root.resolve("graphs").resolve(graph + ".yaml")) ? folder(root) : bundled();
    }

    /**
     * These files and one more that the user named themselves (a {@code loupe run --schema FILE}),
     * read once: served under its own path, wherever it is, without opening the root to other paths.
     */
    default GraphFiles with(String path, String text) {
        return new WithOwnFile(this, path, text);
    }

    record WithOwnFile(GraphFiles base, String path, String text) implements GraphFiles {
        @Override
        public String read(String relativePath) {
            return path.equals(relativePath) ? text : base.read(relativePath);
        }

        @Override
        public String describe(String relativePath) {
            return path.equals(relativePath) ? path : base.describe(relativePath);
        }

        @Override
        public boolean exists(String relativePath) {
            return path.equals(relativePath) || base.exists(relativePath);
        }
    }

    record Folder(Path root) implements GraphFiles {
        @Override
        public String read(String relativePath) {
            Path file = root.resolve(relativePath).normalize();
            if (!file.startsWith(root)) {
                throw LoupeException.badInput(relativePath + ": graph files must stay inside " + root);
            }
            try {
                return Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw LoupeException.badInput(file + ": cannot read this graph file (" + dev.loupe.core.Causes.of(e) + ")");
            }
        }

        @Override
        public String describe(String relativePath) {
            return root.resolve(relativePath).toString();
        }

        @Override
        public boolean exists(String relativePath) {
            return Files.isRegularFile(root.resolve(relativePath).normalize());
        }
    }

    record Bundled() implements GraphFiles {
        @Override
        public String read(String relativePath) {
            try (InputStream in = GraphFiles.class.getClassLoader().getResourceAsStream(relativePath)) {
                if (in == null) {
                    // A file of the user's own (a fork's --prompt) is read where it is.
                    Path own = Path.of(relativePath);
                    if (Files.isRegularFile(own)) {
                        return Files.readString(own, StandardCharsets.UTF_8);
                    }
                    throw LoupeException.badInput(relativePath + ": no such file, and no such graph file in Loupe's bundled graphs");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw LoupeException.badInput(relativePath + ": cannot read the bundled graph file");
            }
        }

        @Override
        public String describe(String relativePath) {
            return "bundled:" + relativePath;
        }

        @Override
        public boolean exists(String relativePath) {
            return GraphFiles.class.getClassLoader().getResource(relativePath) != null;
        }
    }
}
