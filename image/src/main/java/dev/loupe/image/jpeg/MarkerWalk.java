package dev.loupe.image.jpeg;

/**
 * The walk over a JPEG's marker segments that every reader of them shares: the loader's header check,
 * the structure parser, and the search for a thumbnail's frame inside an EXIF block. Each
 * {@link #next()} says what the bytes at the current position are — a segment, a marker without a
 * length, or what is wrong there — and moves past it; the caller decides whether a problem ends its
 * reading. Fill bytes (0xFF runs before a marker) are skipped. Never reads outside
 * {@code [from, end)}, and never throws on bad bytes.
 */
public final class MarkerWalk {

    /** What one step found. */
    public enum Kind {
        /** A marker with a length, wholly inside the walk's bounds. */
        SEGMENT,
        /** A marker without a length: TEM (01), RSTn, and the out-of-place SOI and FF 00. */
        STANDALONE,
        /** The end-of-image marker; the walk moves past it, though most readers stop. */
        END_OF_IMAGE,
        /** Bytes other than 0xFF where a marker belongs; the walk moves to the next 0xFF. */
        STRAY_BYTES,
        /** The bounds end after the 0xFF (and fill bytes) of a marker. */
        CUT_IN_MARKER,
        /** The bounds end before the marker's two length bytes. */
        CUT_IN_LENGTH,
        /** A length below 2 (it counts its own two bytes); the walk moves past the length. */
        IMPOSSIBLE_LENGTH,
        /** A segment longer than the bytes that remain. */
        OVERRUN,
        /** The bounds are reached. */
        END
    }

    /**
     * One step of the walk.
     *
     * @param kind   what was found
     * @param marker the marker byte (0xC0 for SOF0, say), or -1 when no marker was read
     * @param offset where the marker's 0xFF sits (after any fill bytes), or where the stray bytes start
     * @param length the segment's declared length (its two length bytes included), or the number of stray
     *               bytes; 0 otherwise
     */
    public record Step(Kind kind, int marker, int offset, int length) {

        /** Where the segment's payload starts, after the marker and the length. */
        public int payload() {
            return offset + 4;
        }

        /** Where the segment ends as declared (beyond the bounds for an {@link Kind#OVERRUN}). */
        public int end() {
            return offset + 2 + length;
        }

        /** Whether the marker is a frame header: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
        public boolean frameHeader() {
            return isFrameHeader(marker);
        }
    }

    private final byte[] data;
    private final int end;
    private int pos;

    /** A walk over {@code data[from, end)}; {@code from} is where the first marker is expected. */
    public MarkerWalk(byte[] data, int from, int end) {
        if (from < 0 || end > data.length || from > end) {
            throw new IllegalArgumentException("bounds " + from + ".." + end + " outside " + data.length + " bytes");
        }
        this.data = data;
        this.pos = from;
        this.end = end;
    }

    /** A walk over a whole file from just after its start-of-image marker. */
    public static MarkerWalk afterStartOfImage(byte[] data) {
        return new MarkerWalk(data, Math.min(2, data.length), data.length);
    }

    /** Whether {@code marker} is a frame header (SOFn). */
    public static boolean isFrameHeader(int marker) {
        return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    }

    /** Continues the walk at {@code position}: after a scan's entropy-coded data, which the caller measured. */
    public void resumeAt(int position) {
        pos = Math.min(Math.max(position, pos), end);
    }

    /** What is at the current position; moves past it. */
    public Step next() {
        if (pos >= end) {
            return new Step(Kind.END, -1, pos, 0);
        }
        if (u8(pos) != 0xFF) {
            int start = pos;
            while (pos < end && u8(pos) != 0xFF) {
                pos++;
            }
            return new Step(Kind.STRAY_BYTES, -1, start, pos - start);
        }
        while (pos + 1 < end && u8(pos + 1) == 0xFF) {
            pos++; // fill bytes before a marker are allowed
        }
        int at = pos;
        if (at + 1 >= end) {
            pos = end;
            return new Step(Kind.CUT_IN_MARKER, -1, at, 0);
        }
        int marker = u8(at + 1);
        if (marker == 0xD9) {
            pos = at + 2;
            return new Step(Kind.END_OF_IMAGE, marker, at, 0);
        }
        if (marker == 0x00 || marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
            pos = at + 2;
            return new Step(Kind.STANDALONE, marker, at, 0);
        }
        if (at + 4 > end) {
            pos = end;
            return new Step(Kind.CUT_IN_LENGTH, marker, at, 0);
        }
        int length = (u8(at + 2) << 8) | u8(at + 3);
        if (length < 2) {
            pos = at + 4;
            return new Step(Kind.IMPOSSIBLE_LENGTH, marker, at, length);
        }
        if (at + 2 + length > end) {
            pos = end;
            return new Step(Kind.OVERRUN, marker, at, length);
        }
        pos = at + 2 + length;
        return new Step(Kind.SEGMENT, marker, at, length);
    }

    private int u8(int at) {
        return data[at] & 0xFF;
    }
}
