package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.filter.Filter;

import java.util.List;
import java.util.Map;

/**
 * Where knowledge-base collections live: for each collection, a langchain4j embedding store of
 * chunks and the record of which files were embedded into it. Implementations: a folder of
 * serialized {@code InMemoryEmbeddingStore}s beside the SQLite database (or only in memory), and
 * PostgreSQL tables. Thread-safe.
 */
public interface KnowledgeStore extends AutoCloseable {

    /** Every collection, by name. */
    List<CollectionInfo> collections();

    /** The files embedded into {@code collection}, by source key; empty for an unknown collection. */
    Map<String, SourceRecord> sources(String collection);

    /**
     * Replaces whatever chunks {@code source.source()} had in {@code collection} with {@code chunks}
     * (one embedding each), creating the collection if needed, as one change.
     */
    void replaceSource(String collection, SourceRecord source, List<TextSegment> chunks, List<Embedding> embeddings);

    /** Removes a file's chunks and its record; false when the collection did not hold it. */
    boolean removeSource(String collection, String source);

    /** The {@code k} chunks most similar to {@code query}, best first, among those {@code filter} accepts (null: all). */
    List<EmbeddingMatch<TextSegment>> search(String collection, Embedding query, int k, Filter filter);

    /** Removes a whole collection; false when there was none. */
    boolean drop(String collection);

    @Override
    void close();
}
