package dev.loupe.image;

/** PNG: dimensions from the IHDR chunk; complete when a walk of the chunk lengths reaches IEND. */
final class PngHeader {

    private PngHeader() {
    }

    static Header read(byte[] data) {
        if (!Bytes.startsWith(data, 12, "IHDR")) {
            throw new MalformedImageException("PNG does not start with an IHDR chunk");
        }
        long width = Bytes.u32be(data, 16, "PNG header");
        long height = Bytes.u32be(data, 20, "PNG header");
        return new Header(width, height, hasEnd(data) ? null : "PNG data is truncated (no IEND chunk)");
    }

    /** Walks chunk by chunk (length + type + data + CRC), so IEND-like bytes inside data do not count. */
    private static boolean hasEnd(byte[] data) {
        long position = 8;
        while (position + 8 <= data.length) {
            long length = Bytes.u32be(data, position, "PNG chunk");
            if (Bytes.startsWith(data, position + 4, "IEND")) {
                return true;
            }
            position += 12 + length;
        }
        return false;
    }
}
