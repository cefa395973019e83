package dev.loupe.tool.forensic.thumbnail;

/**
 * The EXIF thumbnail's bytes as found in the file.
 *
 * @param bytes       the embedded JPEG, or an uncompressed thumbnail's strips joined in order
 * @param fileOffset  where it (its first strip) starts in the file
 * @param orientation the EXIF orientation tag of the image (1–8), 0 when absent
 * @param strips      the uncompressed thumbnail's layout; null when the thumbnail is a JPEG
 */
record ExifThumbnail(byte[] bytes, int fileOffset, int orientation, StripThumbnail strips) {

    /** How the thumbnail is stored, for the tool's data. */
    String encoding() {
        if (strips == null) {
            return "jpeg";
        }
        return strips.ycbcr() ? "uncompressed YCbCr " + strips.subsampleH() + "x" + strips.subsampleV() : "uncompressed RGB";
    }
}
