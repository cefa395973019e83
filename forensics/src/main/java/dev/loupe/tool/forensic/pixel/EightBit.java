package dev.loupe.tool.forensic.pixel;

/** Samples to whole 8-bit levels. */
public final class EightBit {

    private EightBit() {
    }

    /**
     * {@code value} rounded half up and clamped to 0–255: {@code Math.round} then clamped, to the bit
     * (NaN gives 0, as {@code Math.round} does), but clamped first and rounded in double, where adding a
     * half is exact. {@code Math.round(float)} takes the float apart bit by bit, and in the per-pixel loops
     * that round millions of samples that was a tenth of their time.
     */
    public static int level(float value) {
        return (int) (Math.min(255f, Math.max(0f, value)) + 0.5);
    }
}
