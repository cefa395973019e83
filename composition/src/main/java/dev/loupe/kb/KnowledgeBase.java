package dev.loupe.kb;

import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.StoreLocation;
import dev.langchain4j.store.embedding.filter.Filter;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;

/**
 * Knowledge bases for embedding and for the CLI: ingest files into a collection, search it, list
 * and remove collections. Collections live with the store: beside the SQLite database
 * ({@code loupe.db.kb/}), in PostgreSQL tables, or in memory. The bundled composition guide is the
 * {@value BundledGuide#COLLECTION} collection of every store, added on first use.
 *
 * <pre>{@code
 * try (KnowledgeBase kb = KnowledgeBase.open(StoreLocation.parse("memory"))) {
 *     kb.search(BundledGuide.COLLECTION, "where should the horizon go?", 3, null);
 * }
 * }</pre>
 */
public final class KnowledgeBase implements AutoCloseable {

    /** Most passages one search returns. */
    public static final int MAX_RESULTS = 20;

    private final KnowledgeStore store;

    public KnowledgeBase(KnowledgeStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /** The knowledge base kept with the threads store at {@code location}. */
    public static KnowledgeBase open(StoreLocation location) {
        if (location instanceof StoreLocation.Sqlite sqlite) {
            return new KnowledgeBase(FileKnowledgeStore.in(folderBeside(sqlite.file())));
        }
        if (location instanceof StoreLocation.Postgres postgres) {
            return new KnowledgeBase(PostgresKnowledgeStore.open(postgres));
        }
        if (location instanceof StoreLocation.Hosted hosted) {
            return new KnowledgeBase(PostgresKnowledgeStore.open(hosted));
        }
        return new KnowledgeBase(FileKnowledgeStore.inMemory());
    }

    /** Where the collections of a SQLite store live: {@code loupe.db.kb} beside {@code loupe.db}. */
    public static Path folderBeside(Path database) {
        return database.resolveSibling(database.getFileName() + ".kb");
    }

    /**
     * Ingests files and folders (recursively; files of known kinds) into {@code collection}; the
     * outcome per file, in order, each also given to {@code progress} as it happens.
     */
    public List<IngestOutcome> ingest(String collection, List<Path> paths, Consumer<IngestOutcome> progress) {
        return new Ingestion(store, collection, progress).run(paths);
    }

    /**
     * The {@code k} passages of {@code collection} closest in meaning to {@code query}, best first;
     * with {@code source}, only passages whose source contains that text.
     */
    public List<Passage> search(String collection, String query, int k, String source) {
        if (query == null || query.isBlank()) {
            throw LoupeException.badInput("the search query is empty");
        }
        if (k < 1 || k > MAX_RESULTS) {
            throw LoupeException.badInput("k must be between 1 and " + MAX_RESULTS + ", not " + k);
        }
        prepare(collection);
        if (store.collections().stream().noneMatch(held -> held.name().equals(collection))) {
            throw LoupeException.badInput("no collection '" + collection + "' in the knowledge base (see 'loupe kb list'; "
                    + "'loupe kb ingest --collection " + collection + " FILE' makes it)");
        }
        Filter filter = source == null || source.isBlank() ? null : metadataKey(Chunks.SOURCE).containsString(source);
        return store.search(collection, MiniLm.embedQuery(query), k, filter).stream()
                .map(match -> Chunks.passage(match.embedded(), round(match.score()))).toList();
    }

    /** Every collection of the store, the bundled guide included. */
    public List<CollectionInfo> collections() {
        BundledGuide.ensureIn(store);
        return store.collections();
    }

    /** The files in {@code collection}. */
    public Map<String, SourceRecord> sources(String collection) {
        prepare(collection);
        return store.sources(collection);
    }

    /** Removes a collection; false when there was none. The bundled guide comes back on its next use. */
    public boolean remove(String collection) {
        return store.drop(CollectionName.check(collection));
    }

    /** Removes one file's passages from {@code collection}; false when it held none. */
    public boolean removeSource(String collection, String source) {
        return store.removeSource(CollectionName.check(collection), source);
    }

    /** The store underneath, for benchmarks that fill it directly. */
    public KnowledgeStore store() {
        return store;
    }

    @Override
    public void close() {
        store.close();
    }

    private void prepare(String collection) {
        if (BundledGuide.COLLECTION.equals(CollectionName.check(collection))) {
            BundledGuide.ensureIn(store);
        }
    }

    private static double round(double score) {
        return Math.round(score * 10_000) / 10_000.0;
    }
}
