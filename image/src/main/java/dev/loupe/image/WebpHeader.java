package dev.loupe.image;

/**
 * WebP: dimensions from the first chunk — VP8 (lossy frame header), VP8L (lossless bit-packed
 * header) or VP8X (extended canvas size); incomplete when the file is shorter than its RIFF size.
 */
final class WebpHeader {

    private static final int CHUNK = 12;
    private static final int DATA = 20;

    private WebpHeader() {
    }

    static Header read(byte[] data) {
        long riffEnd = 8 + Bytes.u32le(data, 4, "WebP header");
        long width;
        long height;
        if (Bytes.startsWith(data, CHUNK, "VP8 ")) {
            if (Bytes.u8(data, DATA + 3, "VP8 header") != 0x9D || Bytes.u8(data, DATA + 4, "VP8 header") != 0x01
                    || Bytes.u8(data, DATA + 5, "VP8 header") != 0x2A) {
                throw new MalformedImageException("WebP is corrupt (no VP8 start code)");
            }
            width = Bytes.u16le(data, DATA + 6, "VP8 header") & 0x3FFF;
            height = Bytes.u16le(data, DATA + 8, "VP8 header") & 0x3FFF;
        } else if (Bytes.startsWith(data, CHUNK, "VP8L")) {
            if (Bytes.u8(data, DATA, "VP8L header") != 0x2F) {
                throw new MalformedImageException("WebP is corrupt (no VP8L signature)");
            }
            long bits = Bytes.u32le(data, DATA + 1, "VP8L header");
            width = (bits & 0x3FFF) + 1;
            height = (bits >> 14 & 0x3FFF) + 1;
        } else if (Bytes.startsWith(data, CHUNK, "VP8X")) {
            width = Bytes.u24le(data, DATA + 4, "VP8X header") + 1L;
            height = Bytes.u24le(data, DATA + 7, "VP8X header") + 1L;
        } else {
            throw new MalformedImageException("WebP has no VP8, VP8L or VP8X chunk first");
        }
        String incomplete = riffEnd > data.length
                ? "WebP data is truncated (" + data.length + " of the " + riffEnd + " bytes it declares)" : null;
        return new Header(width, height, incomplete);
    }
}
