package dev.loupe.image;

import dev.loupe.image.jpeg.FrameHeaderSearch;

/**
 * JPEG: the dimensions from the first frame header (SOFn), found by the codec's own marker walk
 * ({@link FrameHeaderSearch}); complete when an end-of-image marker follows the frame header. Bytes
 * after that marker are allowed (some cameras append data), and an EXIF thumbnail's own end marker,
 * which comes before the frame, does not count.
 */
final class JpegHeader {

    private JpegHeader() {
    }

    static Header read(byte[] data) {
        FrameHeaderSearch frame = FrameHeaderSearch.find(data, Math.min(2, data.length), data.length);
        String problem = switch (frame.outcome()) {
            case FOUND -> null;
            case RAN_OUT -> "JPEG data is truncated (no frame header)";
            case STRAY_BYTES -> "JPEG is corrupt (no segment marker at byte " + frame.offset() + ")";
            case CUT_IN_MARKER -> "JPEG header is truncated";
            case IMPOSSIBLE_LENGTH -> "JPEG is corrupt (a segment declares " + frame.length() + " bytes)";
            case END_BEFORE_FRAME -> "JPEG has no frame header before its end";
            case SCAN_BEFORE_FRAME -> "JPEG has no frame header before its scan data";
            case FRAME_CUT -> "JPEG frame header is truncated";
        };
        if (problem != null) {
            throw new MalformedImageException(problem);
        }
        boolean complete = endMarkerAfter(data, frame.segmentEnd());
        return new Header(frame.width(), frame.height(), complete ? null : "JPEG data is truncated (no end-of-image marker)");
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
