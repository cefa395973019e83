package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.filter.Filter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The index's scan against a plain sort of every cosine, on random vectors of an odd dimension. */
class VectorIndexTest {

    private static final int ROWS = 500;
    private static final int DIMENSIONS = 37;

    private final Random random = new Random(7);
    private final List<float[]> vectors = new ArrayList<>();
    private final List<TextSegment> segments = new ArrayList<>();
    private final VectorIndex index;

    VectorIndexTest() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            ids.add("id-" + i);
            vectors.add(randomVector());
            segments.add(Chunks.of("text " + i, "/docs/file-" + (i % 7) + ".md", "part " + i, "sha"));
        }
        index = new VectorIndex(ids, segments, vectors);
    }

    @Test
    void the_k_best_rows_come_back_in_the_order_a_full_sort_gives() {
        for (int k : new int[]{1, 3, 20}) {
            float[] query = randomVector();
            assertEquals(expected(query, k, null), ids(index.search(Embedding.from(query), k, null)), "k = " + k);
        }
    }

    @Test
    void a_source_filter_gives_the_same_rows_each_time_it_is_asked() {
        Filter filter = metadataKey(Chunks.SOURCE).containsString("file-3");
        float[] query = randomVector();
        List<String> first = ids(index.search(Embedding.from(query), 5, filter));

        assertEquals(expected(query, 5, filter), first);
        assertEquals(first, ids(index.search(Embedding.from(query), 5, metadataKey(Chunks.SOURCE).containsString("file-3"))));
    }

    @Test
    void asking_for_more_rows_than_there_are_returns_them_all() {
        Filter one = metadataKey(Chunks.SOURCE).containsString("file-0");
        long matching = IntStream.range(0, ROWS).filter(i -> i % 7 == 0).count();

        assertEquals(matching, index.search(Embedding.from(randomVector()), ROWS, one).size());
    }

    private List<String> expected(float[] query, int k, Filter filter) {
        float[] q = VectorBytes.unit(query);
        return IntStream.range(0, ROWS)
                .filter(i -> filter == null || filter.test(segments.get(i).metadata()))
                .boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> -cosine(q, VectorBytes.unit(vectors.get(i)))))
                .limit(k).map(i -> "id-" + i).toList();
    }

    private static double cosine(float[] a, float[] b) {
        double sum = 0;
        for (int d = 0; d < a.length; d++) {
            sum += a[d] * b[d];
        }
        return sum;
    }

    private static List<String> ids(List<EmbeddingMatch<TextSegment>> matches) {
        return matches.stream().map(EmbeddingMatch::embeddingId).toList();
    }

    private float[] randomVector() {
        float[] v = new float[DIMENSIONS];
        for (int d = 0; d < DIMENSIONS; d++) {
            v[d] = (float) random.nextGaussian();
        }
        return v;
    }
}
