package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every knowledge store promises, run on each implementation. Vectors are made by hand (one
 * axis per topic) so the expected order of results is known without the embedding model.
 */
abstract class KnowledgeStoreContract {

    protected KnowledgeStore store;

    protected abstract KnowledgeStore open() throws Exception;

    @BeforeEach
    void setUp() throws Exception {
        store = open();
    }

    @AfterEach
    void tearDown() {
        store.close();
    }

    static Embedding axis(int axis, double lean) {
        float[] vector = new float[MiniLm.DIMENSIONS];
        vector[axis] = 1;
        vector[(axis + 1) % vector.length] = (float) lean;
        return Embedding.from(vector);
    }

    static void put(KnowledgeStore store, String collection, String source, String sha, int... axes) {
        List<TextSegment> chunks = new ArrayList<>();
        List<Embedding> embeddings = new ArrayList<>();
        for (int i = 0; i < axes.length; i++) {
            chunks.add(Chunks.of("text on axis " + axes[i], source, "part " + (i + 1), sha));
            embeddings.add(axis(axes[i], 0.1 * i));
        }
        store.replaceSource(collection, new SourceRecord(source, sha, axes.length, Instant.parse("2026-01-02T03:04:05Z")),
                chunks, embeddings);
    }

    private List<String> texts(List<EmbeddingMatch<TextSegment>> matches) {
        return matches.stream().map(m -> m.embedded().text()).toList();
    }

    @Test
    void finds_the_closest_passage_first_with_its_source_and_position() {
        put(store, "guide", "/docs/a.md", "h1", 1, 2, 3);

        List<EmbeddingMatch<TextSegment>> found = store.search("guide", axis(2, 0), 2, null);

        assertEquals("text on axis 2", found.get(0).embedded().text());
        assertEquals("/docs/a.md", found.get(0).embedded().metadata().getString(Chunks.SOURCE));
        assertEquals("part 2", found.get(0).embedded().metadata().getString(Chunks.POSITION));
        assertEquals(1.0, found.get(0).score(), 0.01);
        assertEquals(2, found.size());
        assertTrue(found.get(0).score() > found.get(1).score());
    }

    @Test
    void replacing_a_source_leaves_only_its_new_passages() {
        put(store, "guide", "/docs/a.md", "h1", 1, 2);
        put(store, "guide", "/docs/a.md", "h2", 5);

        assertEquals(List.of("text on axis 5"), texts(store.search("guide", axis(1, 0), 10, null)));
        assertEquals("h2", store.sources("guide").get("/docs/a.md").sha256());
        assertEquals(1, store.sources("guide").get("/docs/a.md").chunks());
    }

    @Test
    void removing_a_source_removes_its_passages_and_its_record() {
        put(store, "guide", "/docs/a.md", "h1", 1);
        put(store, "guide", "/docs/b.md", "h2", 2);

        assertTrue(store.removeSource("guide", "/docs/a.md"));
        assertFalse(store.removeSource("guide", "/docs/a.md"));

        assertEquals(List.of("text on axis 2"), texts(store.search("guide", axis(1, 0), 10, null)));
        assertEquals(List.of("/docs/b.md"), List.copyOf(store.sources("guide").keySet()));
    }

    @Test
    void a_source_filter_keeps_only_matching_passages() {
        put(store, "guide", "/docs/a.md", "h1", 1);
        put(store, "guide", "/talks/b.srt", "h2", 2);

        var found = store.search("guide", axis(1, 0), 10, metadataKey(Chunks.SOURCE).containsString("talks"));

        assertEquals(List.of("text on axis 2"), texts(found));
    }

    @Test
    void collections_are_kept_apart_and_listed_with_their_counts() {
        put(store, "guide", "/docs/a.md", "h1", 1, 2);
        put(store, "notes", "/docs/n.txt", "h3", 3);

        assertEquals(List.of("text on axis 3"), texts(store.search("notes", axis(1, 0), 10, null)));
        assertEquals(List.of(new CollectionInfo("guide", 1, 2), new CollectionInfo("notes", 1, 1)), store.collections());
    }

    @Test
    void dropping_a_collection_removes_everything_in_it() {
        put(store, "guide", "/docs/a.md", "h1", 1);

        assertTrue(store.drop("guide"));
        assertFalse(store.drop("guide"));

        assertEquals(List.of(), store.search("guide", axis(1, 0), 3, null));
        assertEquals(Map.of(), store.sources("guide"));
        assertEquals(List.of(), store.collections());
    }

    @Test
    void an_unknown_collection_has_no_passages() {
        assertEquals(List.of(), store.search("nothing-here", axis(1, 0), 3, null));
        assertEquals(Map.of(), store.sources("nothing-here"));
    }

    @Test
    void a_source_record_keeps_its_hash_count_and_time() {
        put(store, "guide", "/docs/a.md", "abc123", 1, 2, 3);

        SourceRecord record = store.sources("guide").get("/docs/a.md");

        assertEquals(new SourceRecord("/docs/a.md", "abc123", 3, Instant.parse("2026-01-02T03:04:05Z")), record);
    }
}
