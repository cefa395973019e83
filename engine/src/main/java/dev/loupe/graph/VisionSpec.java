package dev.loupe.graph;

import dev.loupe.core.LoupeException;

import java.util.List;

/**
 * The vision node's settings: whether it runs, and how the image is sent to the model.
 *
 * @param enabled whether the graph starts with a vision call (off: the agent or structuring starts)
 * @param maxSide the longer side of the image sent to the model, in pixels
 * @param detail  {@code low}, {@code high} or {@code auto}
 */
public record VisionSpec(boolean enabled, int maxSide, String detail) {

    /**
     * The longer side a model sees at {@code detail: low}: OpenAI's low detail reduces every image to
     * fit 512 × 512 and charges a fixed count of tokens for it, so more pixels are bytes for nothing.
     */
    public static final int LOW_DETAIL_SIDE = 512;

    public VisionSpec {
        if (!List.of("low", "high", "auto").contains(detail)) {
            throw LoupeException.badInput("vision detail must be low, high or auto, not " + detail);
        }
        if (maxSide < 16) {
            throw LoupeException.badInput("vision max_side must be at least 16 pixels, not " + maxSide);
        }
    }

    /** The longer side the image is sent at: {@code max_side}, and at most {@link #LOW_DETAIL_SIDE} at low detail. */
    public int sentSide() {
        return detail.equals("low") ? Math.min(maxSide, LOW_DETAIL_SIDE) : maxSide;
    }
}
