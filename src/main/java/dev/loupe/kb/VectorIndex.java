package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.RelevanceScore;
import dev.langchain4j.store.embedding.filter.Filter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A brute-force cosine index over one collection's chunks, held in memory: unit vectors in one
 * flat array, so a search is one pass of dot products and a k-sized heap. At 10,000 chunks of 384
 * dimensions that is under four million multiply-adds.
 */
final class VectorIndex {

    private final List<String> ids;
    private final List<TextSegment> segments;
    private final float[] vectors;
    private final int dimensions;

    VectorIndex(List<String> ids, List<TextSegment> segments, List<float[]> vectors) {
        this.ids = List.copyOf(ids);
        this.segments = List.copyOf(segments);
        this.dimensions = vectors.isEmpty() ? 0 : vectors.get(0).length;
        this.vectors = new float[vectors.size() * dimensions];
        for (int i = 0; i < vectors.size(); i++) {
            System.arraycopy(VectorBytes.unit(vectors.get(i)), 0, this.vectors, i * dimensions, dimensions);
        }
    }

    int size() {
        return ids.size();
    }

    List<EmbeddingMatch<TextSegment>> search(Embedding query, int k, Filter filter) {
        float[] q = VectorBytes.unit(query.vector());
        if (q.length != dimensions || k <= 0) {
            return List.of();
        }
        record Hit(int index, double cosine) {
        }
        PriorityQueue<Hit> best = new PriorityQueue<>(Comparator.comparingDouble(Hit::cosine));
        for (int i = 0; i < ids.size(); i++) {
            if (filter != null && !filter.test(segments.get(i).metadata())) {
                continue;
            }
            double dot = 0;
            for (int d = 0, offset = i * dimensions; d < dimensions; d++) {
                dot += q[d] * vectors[offset + d];
            }
            if (best.size() < k) {
                best.add(new Hit(i, dot));
            } else if (dot > best.peek().cosine()) {
                best.poll();
                best.add(new Hit(i, dot));
            }
        }
        List<EmbeddingMatch<TextSegment>> matches = new ArrayList<>();
        while (!best.isEmpty()) {
            Hit hit = best.poll();
            float[] vector = new float[dimensions];
            System.arraycopy(vectors, hit.index() * dimensions, vector, 0, dimensions);
            matches.add(0, new EmbeddingMatch<>(RelevanceScore.fromCosineSimilarity(hit.cosine()), ids.get(hit.index()),
                    Embedding.from(vector), segments.get(hit.index())));
        }
        return matches;
    }
}
