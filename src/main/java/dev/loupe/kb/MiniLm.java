package dev.loupe.kb;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The all-MiniLM-L6-v2 sentence embedder, run in the JVM through ONNX (384 dimensions). The model
 * ships inside langchain4j's jar; loading it takes about a second, so it is loaded once per process,
 * on first use, and shared by every knowledge base and thread (it is thread-safe).
 *
 * <p>The ONNX session is langchain4j's encoder with Loupe's own session options: by default ONNX
 * runtime's worker threads spin while they wait for work, which on a busy two-core machine steals
 * the time the other worker needs and makes a one-sentence query several times slower; here they
 * sleep instead, and the graph gets every optimisation.
 */
public final class MiniLm {

    /** The embedding's dimensions. */
    public static final int DIMENSIONS = 384;

    private static final String MODEL = "/all-minilm-l6-v2.onnx";
    private static final String TOKENIZER = "/all-minilm-l6-v2-tokenizer.json";

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
                    model = new Tuned(load());
                }
                loaded = model;
            }
        }
        return loaded;
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
        return QUERIES.get(query, MiniLm::embed);
    }

    public static List<Embedding> embedAll(List<TextSegment> segments) {
        return segments.isEmpty() ? List.of() : model().embedAll(segments).content();
    }

    private static OnnxBertBiEncoder load() {
        try (InputStream onnx = AllMiniLmL6V2EmbeddingModel.class.getResourceAsStream(MODEL);
             InputStream tokenizer = AllMiniLmL6V2EmbeddingModel.class.getResourceAsStream(TOKENIZER)) {
            if (onnx == null || tokenizer == null) {
                throw new LoupeException(LoupeException.Kind.INTERNAL, "the MiniLM model is missing from the class path");
            }
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            options.setIntraOpNumThreads(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())));
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            options.addConfigEntry("session.inter_op.allow_spinning", "0");
            return new OnnxBertBiEncoder(environment, environment.createSession(onnx.readAllBytes(), options), tokenizer,
                    PoolingMode.MEAN);
        } catch (IOException | OrtException e) {
            throw new LoupeException(LoupeException.Kind.INTERNAL, "cannot load the MiniLM model: " + e.getMessage(), e);
        }
    }

    /** langchain4j's in-process model around an encoder whose session Loupe configured. */
    private static final class Tuned extends AbstractInProcessEmbeddingModel {
        private final OnnxBertBiEncoder encoder;

        Tuned(OnnxBertBiEncoder encoder) {
            super(null);
            this.encoder = encoder;
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }

        @Override
        protected Integer knownDimension() {
            return DIMENSIONS;
        }
    }
}
