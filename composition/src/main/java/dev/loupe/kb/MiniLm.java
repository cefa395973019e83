package dev.loupe.kb;

import ai.onnxruntime.OrtEnvironment;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.loupe.natives.OnnxRuntimeLibrary;

import java.util.List;
import java.util.Objects;

/**
 * The all-MiniLM-L6-v2 sentence embedder, 8-bit quantized, run in the JVM through ONNX (384
 * dimensions). The quantized model is a fifth of the fp32 one's size (16 MB against 83 MB in the
 * runnable jar); on the composition guide's 45 questions ({@code loupe kb eval}) it finds an expected
 * passage among the three a critique cites as often as the fp32 one (recall@3 0.978), and ranks it
 * first for one question fewer (recall@1 0.800 against 0.822; MRR 0.889 against 0.900). The model
 * ships inside its jar; loading it takes about a second, so it is loaded once per process, on first
 * use, and shared by every knowledge base and thread (it is thread-safe).
 *
 * <p>langchain4j's own session settings are kept: measured interleaved on the two-core machine under
 * load, a session whose worker threads sleep instead of spinning, or that runs on one thread, embedded
 * a query two to four times slower at p50 ({@code KnowledgeBenchmark} prints the query embedding alone).
 */
public final class MiniLm {

    /** The embedding's dimensions. */
    public static final int DIMENSIONS = 384;

    private static volatile EmbeddingModel model;
    private static final QueryCache QUERIES = new QueryCache(1024);

    private MiniLm() {
    }

    /** The shared model, loaded on first call. */
    public static EmbeddingModel model() {
        EmbeddingModel loaded = model;
        if (loaded == null) {
            synchronized (MiniLm.class) {
                if (model == null) {
                    OnnxRuntimeLibrary.prepare(OrtEnvironment.class);
                    model = new AllMiniLmL6V2QuantizedEmbeddingModel();
                }
                loaded = model;
            }
        }
        return loaded;
    }

    /** Whether the model is loaded in this process, or a call that embeds a new text will load it first (about a second). */
    public static boolean loaded() {
        return model != null;
    }

    /** The embedding of {@code text}, computed every time. */
    public static Embedding embed(String text) {
        return model().embed(text).content();
    }

    /**
     * The embedding of a search query: the same as {@link #embed}, remembered for the last thousand
     * distinct queries, since a critique and an evaluation ask the same few questions again.
     */
    public static Embedding embedQuery(String query) {
        return QUERIES.get(query, text -> BundledVectors.of(text).orElseGet(() -> embed(text)));
    }

    /** The embeddings of {@code segments}, in order: the shipped ones when every text has one, else the model's. */
    public static List<Embedding> embedAll(List<TextSegment> segments) {
        List<Embedding> shipped = segments.stream().map(s -> BundledVectors.of(s.text()).orElse(null)).toList();
        if (shipped.stream().allMatch(Objects::nonNull)) {
            return shipped;
        }
        return segments.isEmpty() ? List.of() : model().embedAll(segments).content();
    }
}
