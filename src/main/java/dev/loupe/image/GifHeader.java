package dev.loupe.image;

/**
 * GIF: dimensions from the logical screen descriptor. Completeness is not checked: a GIF's trailer
 * byte (0x3B) is often followed by junk, and a cut GIF still decodes its first frames.
 */
final class GifHeader {

    private GifHeader() {
    }

    static Header read(byte[] data) {
        return new Header(Bytes.u16le(data, 6, "GIF header"), Bytes.u16le(data, 8, "GIF header"), null);
    }
}
