package dev.loupe.tool.forensic.thumbnail;

/**
 * The EXIF thumbnail's bytes as found in the file.
 *
 * @param bytes       the embedded JPEG
 * @param fileOffset  where it starts in the file
 * @param orientation the EXIF orientation tag of the image (1–8), 0 when absent
 */
record ExifThumbnail(byte[] bytes, int fileOffset, int orientation) {
}
