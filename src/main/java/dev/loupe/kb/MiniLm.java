package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;

import java.util.List;

/**
 * The all-MiniLM-L6-v2 sentence embedder, run in the JVM through ONNX (384 dimensions). The model
 * ships inside its jar; loading it takes about a second, so it is loaded once per process, on first
 * use, and shared by every knowledge base and thread (it is thread-safe).
 */
public final class MiniLm {

    /** The embedding's dimensions. */
    public static final int DIMENSIONS = 384;

    private static volatile EmbeddingModel model;

    private MiniLm() {
    }

    /** The shared model, loaded on first call. */
    public static EmbeddingModel model() {
        EmbeddingModel loaded = model;
        if (loaded == null) {
            synchronized (MiniLm.class) {
                if (model == null) {
                    model = new AllMiniLmL6V2EmbeddingModel();
                }
                loaded = model;
            }
        }
        return loaded;
    }

    public static Embedding embed(String text) {
        return model().embed(text).content();
    }

    public static List<Embedding> embedAll(List<TextSegment> segments) {
        return segments.isEmpty() ? List.of() : model().embedAll(segments).content();
    }
}
