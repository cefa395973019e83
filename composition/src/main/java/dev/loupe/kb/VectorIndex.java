package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.RelevanceScore;
import dev.langchain4j.store.embedding.filter.Filter;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A brute-force cosine index over one collection's chunks, built once when the collection is loaded
 * or changed and then only read: unit vectors in one contiguous row-major matrix, so a search is one
 * pass of dot products and a k-sized heap. At 10,000 chunks of 384 dimensions that is under four
 * million multiply-adds. A metadata filter (the source filter) is tested against every chunk once and
 * kept as a mask, so repeated searches with the same filter do no metadata look-ups.
 */
final class VectorIndex {

    /** Masks kept per index; a few distinct source filters are the common case. */
    private static final int MASKS_KEPT = 32;

    private final List<String> ids;
    private final List<TextSegment> segments;
    private final float[] matrix;
    private final int dimensions;
    private final Map<Filter, BitSet> masks = new LinkedHashMap<>(MASKS_KEPT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Filter, BitSet> eldest) {
            return size() > MASKS_KEPT;
        }
    };

    VectorIndex(List<String> ids, List<TextSegment> segments, List<float[]> vectors) {
        this.ids = List.copyOf(ids);
        this.segments = List.copyOf(segments);
        this.dimensions = vectors.isEmpty() ? 0 : vectors.get(0).length;
        this.matrix = new float[vectors.size() * dimensions];
        for (int i = 0; i < vectors.size(); i++) {
            System.arraycopy(VectorBytes.unit(vectors.get(i)), 0, matrix, i * dimensions, dimensions);
        }
    }

    int size() {
        return ids.size();
    }

    List<EmbeddingMatch<TextSegment>> search(Embedding query, int k, Filter filter) {
        float[] q = VectorBytes.unit(query.vector());
        if (q.length != dimensions || k <= 0 || ids.isEmpty()) {
            return List.of();
        }
        BitSet allowed = filter == null ? null : mask(filter);
        TopK best = new TopK(Math.min(k, ids.size()));
        int rows = ids.size();
        for (int i = 0; i < rows; i++) {
            if (allowed != null && !allowed.get(i)) {
                continue;
            }
            float dot = dot(q, i * dimensions);
            if (best.admits(dot)) {
                best.add(i, dot);
            }
        }
        List<EmbeddingMatch<TextSegment>> matches = new ArrayList<>(best.size());
        for (int n = best.size() - 1; n >= 0; n--) {
            int row = best.rowAt(n);
            float[] vector = new float[dimensions];
            System.arraycopy(matrix, row * dimensions, vector, 0, dimensions);
            matches.add(new EmbeddingMatch<>(RelevanceScore.fromCosineSimilarity(best.scoreAt(n)), ids.get(row),
                    Embedding.from(vector), segments.get(row)));
        }
        return matches;
    }

    /**
     * The dot product of {@code q} with the row starting at {@code offset}. Four independent sums let
     * the CPU overlap the multiply-adds (a single float sum is one long dependency chain, which the
     * JIT must keep in order).
     */
    private float dot(float[] q, int offset) {
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int d = 0;
        for (int end = dimensions - 3; d < end; d += 4) {
            s0 += q[d] * matrix[offset + d];
            s1 += q[d + 1] * matrix[offset + d + 1];
            s2 += q[d + 2] * matrix[offset + d + 2];
            s3 += q[d + 3] * matrix[offset + d + 3];
        }
        for (; d < dimensions; d++) {
            s0 += q[d] * matrix[offset + d];
        }
        return (s0 + s1) + (s2 + s3);
    }

    private BitSet mask(Filter filter) {
        synchronized (masks) {
            return masks.computeIfAbsent(filter, f -> {
                BitSet mask = new BitSet(segments.size());
                for (int i = 0; i < segments.size(); i++) {
                    if (f.test(segments.get(i).metadata())) {
                        mask.set(i);
                    }
                }
                return mask;
            });
        }
    }

    /**
     * The {@code k} best rows seen so far, as a binary min-heap on two primitive arrays: the root is
     * the weakest kept score, so a row that does not beat it costs one comparison.
     */
    private static final class TopK {
        private final int[] rows;
        private final float[] scores;
        private int size;
        private boolean sorted;

        TopK(int k) {
            rows = new int[k];
            scores = new float[k];
        }

        int size() {
            return size;
        }

        boolean admits(float score) {
            return size < rows.length || score > scores[0];
        }

        void add(int row, float score) {
            if (size < rows.length) {
                int i = size++;
                while (i > 0 && scores[(i - 1) / 2] > score) {
                    rows[i] = rows[(i - 1) / 2];
                    scores[i] = scores[(i - 1) / 2];
                    i = (i - 1) / 2;
                }
                rows[i] = row;
                scores[i] = score;
                return;
            }
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && scores[child + 1] < scores[child]) {
                    child++;
                }
                if (scores[child] >= score) {
                    break;
                }
                rows[i] = rows[child];
                scores[i] = scores[child];
                i = child;
            }
            rows[i] = row;
            scores[i] = score;
        }

        /** The row at {@code n} once the kept rows are ordered weakest first. */
        int rowAt(int n) {
            sortAscending();
            return rows[n];
        }

        float scoreAt(int n) {
            sortAscending();
            return scores[n];
        }

        /** Orders the kept rows weakest first (k is at most a few dozen: insertion sort). */
        private void sortAscending() {
            if (sorted) {
                return;
            }
            for (int i = 1; i < size; i++) {
                int row = rows[i];
                float score = scores[i];
                int j = i - 1;
                while (j >= 0 && (scores[j] > score || scores[j] == score && rows[j] < row)) {
                    rows[j + 1] = rows[j];
                    scores[j + 1] = scores[j];
                    j--;
                }
                rows[j + 1] = row;
                scores[j + 1] = score;
            }
            sorted = true;
        }
    }
}
