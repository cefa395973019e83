package dev.loupe.image.jpeg;

/**
 * One component of the frame header.
 *
 * @param id             the component identifier scans refer to
 * @param h              horizontal sampling factor (1–4)
 * @param v              vertical sampling factor (1–4)
 * @param quantTableId   the quantization table slot it uses
 */
public record FrameComponent(int id, int h, int v, int quantTableId) {
}
