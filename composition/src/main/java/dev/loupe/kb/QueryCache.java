package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** The embeddings of the most recently asked queries, least recently used dropped first. Thread-safe. */
final class QueryCache {

    private final Map<String, Embedding> recent;

    QueryCache(int capacity) {
        this.recent = new LinkedHashMap<>(capacity, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Embedding> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The cached embedding of {@code query}, else {@code embedder}'s, kept. */
    Embedding get(String query, Function<String, Embedding> embedder) {
        synchronized (recent) {
            Embedding known = recent.get(query);
            if (known != null) {
                return known;
            }
        }
        // Embedding runs outside the lock: two threads asking the same new query both embed it once.
        Embedding computed = embedder.apply(query);
        synchronized (recent) {
            recent.put(query, computed);
        }
        return computed;
    }
}
