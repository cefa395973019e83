package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Ingest of files and folders into one collection, incrementally: a file whose SHA-256 is the one
 * recorded is not embedded again, a changed one replaces its passages, and a file that was ingested
 * from a folder and is gone from it loses its passages. One bad file is an outcome with a one-line
 * error; the others still go in.
 */
final class Ingestion {

    private final KnowledgeStore store;
    private final String collection;
    private final Consumer<IngestOutcome> progress;
    private final List<IngestOutcome> outcomes = new ArrayList<>();

    Ingestion(KnowledgeStore store, String collection, Consumer<IngestOutcome> progress) {
        this.store = store;
        this.collection = CollectionName.check(collection);
        this.progress = progress == null ? outcome -> { } : progress;
    }

    List<IngestOutcome> run(List<Path> paths) {
        Map<String, SourceRecord> known = store.sources(collection);
        for (Path given : paths) {
            Path path = given.toAbsolutePath().normalize();
            if (Files.isDirectory(path)) {
                folder(path, known);
            } else if (Files.exists(path)) {
                file(path, known);
            } else if (known.containsKey(path.toString())) {
                removed(path.toString());
            } else {
                report(IngestOutcome.failed(path.toString(), "no such file or folder"));
            }
        }
        return List.copyOf(outcomes);
    }

    /** Embeds {@code pieces} as the passages of {@code source}, replacing what it had. */
    static void store(KnowledgeStore store, String collection, String source, String sha256, List<Piece> pieces) {
        List<TextSegment> chunks = pieces.stream().map(p -> Chunks.of(p.text(), source, p.position(), sha256)).toList();
        List<Embedding> embeddings = MiniLm.embedAll(chunks);
        store.replaceSource(collection, new SourceRecord(source, sha256, chunks.size(), Instant.now()), chunks, embeddings);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private void folder(Path folder, Map<String, SourceRecord> known) {
        TreeSet<Path> files = new TreeSet<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.filter(Files::isRegularFile).filter(f -> SourceFormat.of(f).isPresent()).forEach(files::add);
        } catch (IOException | java.io.UncheckedIOException e) {
            report(IngestOutcome.failed(folder.toString(), "cannot read this folder (" + e.getClass().getSimpleName() + ")"));
            return;
        }
        files.forEach(file -> file(file, known));
        String prefix = folder + java.io.File.separator;
        for (String source : new TreeSet<>(known.keySet())) {
            if (source.startsWith(prefix) && !files.contains(Path.of(source))) {
                removed(source);
            }
        }
    }

    private void file(Path file, Map<String, SourceRecord> known) {
        String source = file.toString();
        var format = SourceFormat.of(file);
        if (format.isEmpty()) {
            report(IngestOutcome.failed(source, "not a file kind Loupe ingests; use " + SourceFormat.known()));
            return;
        }
        try {
            SourceReader.checkSize(Files.size(file));
            byte[] bytes = Files.readAllBytes(file);
            String sha256 = sha256(bytes);
            SourceRecord before = known.get(source);
            if (before != null && before.sha256().equals(sha256)) {
                report(new IngestOutcome(source, IngestOutcome.Kind.UNCHANGED, before.chunks(), null));
                return;
            }
            List<Piece> pieces = SourceReader.read(bytes, format.get());
            store(store, collection, source, sha256, pieces);
            report(new IngestOutcome(source, before == null ? IngestOutcome.Kind.ADDED : IngestOutcome.Kind.UPDATED,
                    pieces.size(), null));
        } catch (LoupeException e) {
            if (e.kind() != LoupeException.Kind.BAD_INPUT) {
                throw e;
            }
            report(IngestOutcome.failed(source, e.getMessage()));
        } catch (IOException e) {
            report(IngestOutcome.failed(source, "cannot read it (" + e.getClass().getSimpleName() + ")"));
        }
    }

    private void removed(String source) {
        store.removeSource(collection, source);
        report(new IngestOutcome(source, IngestOutcome.Kind.REMOVED, 0, null));
    }

    private void report(IngestOutcome outcome) {
        outcomes.add(outcome);
        progress.accept(outcome);
    }
}
