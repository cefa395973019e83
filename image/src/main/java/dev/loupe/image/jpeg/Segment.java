package dev.loupe.image.jpeg;

/**
 * One marker segment of the file.
 *
 * @param marker     the marker byte (0xE1 for APP1, say)
 * @param name       the marker's name (APP1, DQT, SOS, ...)
 * @param identifier what an APPn segment says it holds (Exif, XMP, ICC_PROFILE, ...), or null
 * @param offset     where the marker's 0xFF byte sits in the file
 * @param length     the segment's declared length (the two length bytes included), 0 for markers
 *                   without a payload
 */
public record Segment(int marker, String name, String identifier, int offset, int length) {
}
