package dev.loupe.tool.forensic.metadata;

/**
 * One keyword/text pair from a PNG {@code tEXt}, {@code zTXt} or {@code iTXt} chunk.
 *
 * @param keyword the chunk's keyword, for example {@code parameters} or {@code Software}
 * @param text    the text, decoded
 */
public record TextEntry(String keyword, String text) {
}
