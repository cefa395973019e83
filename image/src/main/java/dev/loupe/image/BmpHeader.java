package dev.loupe.image;

/**
 * BMP: dimensions from the DIB header (the 12-byte OS/2 form or the 40-byte-and-longer Windows
 * forms, where a negative height means top-down rows); incomplete when the pixel data would start
 * past the end of the file.
 */
final class BmpHeader {

    private BmpHeader() {
    }

    static Header read(byte[] data) {
        long pixelOffset = Bytes.u32le(data, 10, "BMP header");
        long dibSize = Bytes.u32le(data, 14, "BMP header");
        long width;
        long height;
        if (dibSize == 12) {
            width = Bytes.u16le(data, 18, "BMP header");
            height = Bytes.u16le(data, 20, "BMP header");
        } else {
            width = (int) Bytes.u32le(data, 18, "BMP header");
            height = Math.abs((long) (int) Bytes.u32le(data, 22, "BMP header"));
        }
        String incomplete = pixelOffset >= data.length ? "BMP data is truncated (no pixel data)" : null;
        return new Header(width, height, incomplete);
    }
}
