package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;

/**
 * The composition guide written for Loupe and shipped in its jar ({@code kb/composition-guide.md}),
 * the default collection: any store that lacks it, or holds an older text of it, gets it on first
 * use, so a fresh clone critiques with retrieval and no setup. Its embeddings ship with it
 * ({@link BundledVectors}); a store that holds the same text is left as it is.
 */
public final class BundledGuide {

    /** The default collection's name. */
    public static final String COLLECTION = "composition-guide";
    /** The guide's source key in that collection. */
    public static final String SOURCE = "bundled:composition-guide.md";
    private static final String RESOURCE = "kb/composition-guide.md";

    private record Embedded(String sha256, List<TextSegment> chunks, List<Embedding> embeddings) {
    }

    private static volatile Embedded embedded;

    private BundledGuide() {
    }

    /** Puts the guide into {@code store}'s default collection unless the same text is already there. */
    static void ensureIn(KnowledgeStore store) {
        SourceRecord held = store.sources(COLLECTION).get(SOURCE);
        if (held == null || !held.sha256().equals(Ingestion.sha256(bytes()))) {
            Embedded guide = embedded();
            store.replaceSource(COLLECTION, new SourceRecord(SOURCE, guide.sha256(), guide.chunks().size(), Instant.now()),
                    guide.chunks(), guide.embeddings());
        }
    }

    /** The guide's passages, in order, for the retrieval evaluation and tests. */
    public static List<TextSegment> passages() {
        return embedded().chunks();
    }

    private static Embedded embedded() {
        Embedded guide = embedded;
        if (guide == null) {
            synchronized (BundledGuide.class) {
                if (embedded == null) {
                    byte[] bytes = bytes();
                    String sha256 = Ingestion.sha256(bytes);
                    List<TextSegment> chunks = SourceReader.read(bytes, SourceFormat.MARKDOWN).stream()
                            .map(p -> Chunks.of(p.text(), SOURCE, p.position(), sha256)).toList();
                    embedded = new Embedded(sha256, chunks, MiniLm.embedAll(chunks));
                }
                guide = embedded;
            }
        }
        return guide;
    }

    private static byte[] bytes() {
        try (InputStream in = BundledGuide.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new LoupeException(LoupeException.Kind.INTERNAL, RESOURCE + " is missing from Loupe's jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new LoupeException(LoupeException.Kind.INTERNAL, "cannot read " + RESOURCE + " from Loupe's jar", e);
        }
    }
}
