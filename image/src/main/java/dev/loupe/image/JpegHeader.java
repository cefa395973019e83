package dev.loupe.image;

/**
 * JPEG: walks the marker segments to the first frame header (SOFn) for the dimensions; complete when
 * an end-of-image marker follows the frame header. Bytes after that marker are allowed (some cameras
 * append data), and an EXIF thumbnail's own end marker, which comes before the frame, does not count.
 */
final class JpegHeader {

    private JpegHeader() {
    }

    static Header read(byte[] data) {
        int position = 2;
        while (true) {
            if (position >= data.length) {
                throw new MalformedImageException("JPEG data is truncated (no frame header)");
            }
            if ((data[position] & 0xFF) != 0xFF) {
                throw new MalformedImageException("JPEG is corrupt (no segment marker at byte " + position + ")");
            }
            while (position < data.length && (data[position] & 0xFF) == 0xFF) {
                position++; // fill bytes before a marker
            }
            int marker = Bytes.u8(data, position, "JPEG header");
            position++;
            if (marker >= 0xD0 && marker <= 0xD7 || marker == 0x01) {
                continue; // restart markers and TEM carry no length
            }
            if (marker == 0xD9 || marker == 0xDA) {
                throw new MalformedImageException("JPEG has no frame header before its "
                        + (marker == 0xD9 ? "end" : "scan data"));
            }
            int length = Bytes.u16be(data, position, "JPEG header");
            if (length < 2) {
                throw new MalformedImageException("JPEG is corrupt (a segment declares " + length + " bytes)");
            }
            if (isFrameHeader(marker)) {
                long height = Bytes.u16be(data, position + 3, "JPEG frame header");
                long width = Bytes.u16be(data, position + 5, "JPEG frame header");
                boolean complete = endMarkerAfter(data, position + length);
                return new Header(width, height, complete ? null : "JPEG data is truncated (no end-of-image marker)");
            }
            position += length;
        }
    }

    /** SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC) which share the range. */
    private static boolean isFrameHeader(int marker) {
        return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    }

    /** Scan data stuffs every 0xFF with 0x00, so FF D9 after the frame header is a real marker. */
    private static boolean endMarkerAfter(byte[] data, int from) {
        for (int i = data.length - 2; i >= from; i--) {
            if ((data[i] & 0xFF) == 0xFF && (data[i + 1] & 0xFF) == 0xD9) {
                return true;
            }
        }
        return false;
    }
}
