package dev.loupe.tool.forensic.learned;

/**
 * A network that scores the luminance patches of one picture: {@link ResidualPatches#PATCH}² levels
 * (0–255) per patch, one logit per patch (positive: manipulated more likely than not). The patches of a
 * picture are scored together, since the model reads each against them all. Implementations are
 * thread-safe and deterministic: the same patches give the same logits, bit for bit.
 */
public interface PatchModel {

    /** The logits of the {@code count} patches of one picture, laid one after another in {@code patches}. */
    float[] logits(float[] patches, int count);

    /** Which model this is, for results and fingerprints: its file name and SHA-256. */
    String identity();
}
