package dev.loupe.kb;

import dev.langchain4j.data.embedding.Embedding;
import dev.loupe.core.LoupeException;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The MiniLM embeddings of the texts Loupe ships — the bundled guide's passages and the offline
 * composition critic's own search queries — computed when they were written
 * ({@code kb/bundled-vectors.bin}, checked against the model by {@code BundledVectorsTest}), so a
 * cold offline critique needs no model load: loading MiniLM and embedding the guide took seconds of
 * every fresh process. A text not in the table (a user's question, an edited guide) is embedded as
 * before; a stale table can only cost time, never change an answer.
 *
 * <p>Format: an int count, then per text its UTF-8 length, its bytes and {@value MiniLm#DIMENSIONS}
 * floats, all big-endian ({@link DataOutputStream}).
 */
public final class BundledVectors {

    /** Where the table lives on the class path. */
    public static final String RESOURCE = "kb/bundled-vectors.bin";

    private static volatile Map<String, float[]> table;

    private BundledVectors() {
    }

    /** The shipped embedding of {@code text}, if the table has it. */
    static Optional<Embedding> of(String text) {
        float[] vector = table().get(text);
        return vector == null ? Optional.empty() : Optional.of(Embedding.from(vector.clone()));
    }

    /** The table's bytes for {@code vectors}, in order. */
    public static byte[] write(Map<String, float[]> vectors) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(vectors.size());
            for (Map.Entry<String, float[]> entry : vectors.entrySet()) {
                byte[] text = entry.getKey().getBytes(StandardCharsets.UTF_8);
                out.writeInt(text.length);
                out.write(text);
                for (float value : entry.getValue()) {
                    out.writeFloat(value);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    /** The table in {@code in}. */
    public static Map<String, float[]> read(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        int count = data.readInt();
        Map<String, float[]> vectors = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            byte[] text = new byte[data.readInt()];
            data.readFully(text);
            float[] vector = new float[MiniLm.DIMENSIONS];
            for (int d = 0; d < vector.length; d++) {
                vector[d] = data.readFloat();
            }
            vectors.put(new String(text, StandardCharsets.UTF_8), vector);
        }
        return vectors;
    }

    private static Map<String, float[]> table() {
        Map<String, float[]> loaded = table;
        if (loaded == null) {
            synchronized (BundledVectors.class) {
                if (table == null) {
                    table = load();
                }
                loaded = table;
            }
        }
        return loaded;
    }

    private static Map<String, float[]> load() {
        try (InputStream in = BundledVectors.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            return in == null ? Map.of() : Map.copyOf(read(in));
        } catch (IOException e) {
            throw new LoupeException(LoupeException.Kind.INTERNAL, "cannot read " + RESOURCE + " from Loupe's jar", e);
        }
    }
}
