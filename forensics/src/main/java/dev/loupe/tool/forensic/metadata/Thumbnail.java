package dev.loupe.tool.forensic.metadata;

/**
 * The EXIF thumbnail: where it sits in the file and, when its JPEG header can be read, its size.
 *
 * @param offset byte offset of the thumbnail in the file
 * @param length its length in bytes
 * @param width  its width in pixels, or 0 when unknown
 * @param height its height in pixels, or 0 when unknown
 */
public record Thumbnail(int offset, int length, int width, int height) {
}
