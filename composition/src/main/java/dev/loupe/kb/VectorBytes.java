package dev.loupe.kb;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Embeddings as {@code bytea}: the floats in little-endian order, four bytes each. */
final class VectorBytes {

    private VectorBytes() {
    }

    static byte[] write(float[] vector) {
        ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(vector);
        return buffer.array();
    }

    static float[] read(byte[] bytes) {
        float[] vector = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
        return vector;
    }

    /** {@code vector} scaled to unit length (unchanged when it is all zeros), so a dot product is the cosine. */
    static float[] unit(float[] vector) {
        double sum = 0;
        for (float v : vector) {
            sum += v * v;
        }
        if (sum == 0) {
            return vector.clone();
        }
        float scale = (float) (1 / Math.sqrt(sum));
        float[] out = new float[vector.length];
        for (int i = 0; i < vector.length; i++) {
            out[i] = vector[i] * scale;
        }
        return out;
    }
}
