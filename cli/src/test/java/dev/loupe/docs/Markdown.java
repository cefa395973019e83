package dev.loupe.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The repository's markdown files and the fenced blocks in them. */
final class Markdown {

    /** Folders that hold build output, other projects' files or generated data, not documents. */
    private static final Set<String> NOT_DOCUMENTS = Set.of("target", "node_modules", ".git", ".mvn",
            "dev-images", "content-set", "runs", "generated");

    private static final Pattern FENCE = Pattern.compile("^(```+|~~~+)\\s*([\\w+-]*).*$");
    private static final Pattern SNIPPET_MARKER = Pattern.compile("^<!--\\s*snippet:\\s*(.*?)\\s*-->\\s*$");

    private Markdown() {
    }

    /** The repository the tests run in (surefire's working folder is the reactor's root). */
    static Path root() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve(".ci/run")) && Files.isDirectory(p.resolve("docs"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root (a folder with .ci/run and docs/) above " + here);
    }

    /** The front page and the manual: the pages whose examples must stay true. */
    static List<Path> manual(Path root) {
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    /** Every markdown file of the repository, outside build output and generated data. */
    static List<Path> all(Path root) {
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    return !dir.equals(root) && NOT_DOCUMENTS.contains(dir.getFileName().toString())
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile() && file.getFileName().toString().endsWith(".md")) {
                        found.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found.stream().sorted().toList();
    }

    /** The fenced blocks of one file, each with the snippet marker on the line before it. */
    static List<FencedBlock> blocks(Path root, Path file) {
        List<String> lines = read(file);
        List<FencedBlock> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            String fence = open.group(1);
            int start = i;
            StringBuilder text = new StringBuilder();
            for (i++; i < lines.size() && !lines.get(i).strip().startsWith(fence); i++) {
                text.append(lines.get(i)).append('\n');
            }
            blocks.add(new FencedBlock(root.relativize(file), start + 1, open.group(2), markerBefore(lines, start),
                    text.toString()));
        }
        return blocks;
    }

    private static String markerBefore(List<String> lines, int fence) {
        int i = fence - 1;
        while (i >= 0 && lines.get(i).isBlank()) {
            i--;
        }
        Matcher m = i >= 0 ? SNIPPET_MARKER.matcher(lines.get(i).strip()) : null;
        return m != null && m.matches() ? m.group(1) : "";
    }

    static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
