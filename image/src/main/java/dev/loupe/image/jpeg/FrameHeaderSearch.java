package dev.loupe.image.jpeg;

/**
 * Where a JPEG's frame header (SOFn) is, found by walking its markers ({@link MarkerWalk}) from just
 * after its start-of-image marker, and its declared size; or why it was not found. The loader reads a
 * file's size this way before anything decodes it, and the metadata tools an EXIF thumbnail's inside
 * its parent file. Segments before the frame are skipped whole, so an EXIF thumbnail's own frame
 * header, inside APP1, is never taken for the file's.
 *
 * @param outcome what the search found
 * @param offset  where the frame header's marker, or the marker or bytes that ended the search, sit
 * @param length  the segment's declared length (for a frame header or an impossible length), else 0
 * @param width   the declared width when found, else 0
 * @param height  the declared height when found, else 0
 */
public record FrameHeaderSearch(Outcome outcome, int offset, int length, int width, int height) {

    /** How the search ended. */
    public enum Outcome {
        /** A frame header with its size. */
        FOUND,
        /** The bytes ended before any frame header (a segment ran past them, or they ran out). */
        RAN_OUT,
        /** Bytes other than a marker where one belongs. */
        STRAY_BYTES,
        /** The bytes ended inside a marker or its length. */
        CUT_IN_MARKER,
        /** A segment declares a length below 2. */
        IMPOSSIBLE_LENGTH,
        /** The end-of-image marker came first. */
        END_BEFORE_FRAME,
        /** A scan came first. */
        SCAN_BEFORE_FRAME,
        /** A frame header too short to hold the size. */
        FRAME_CUT
    }

    /** Searches {@code data[from, end)}, where {@code from} is just after the start-of-image marker. */
    public static FrameHeaderSearch find(byte[] data, int from, int end) {
        MarkerWalk walk = new MarkerWalk(data, from, end);
        while (true) {
            MarkerWalk.Step step = walk.next();
            if (step.marker() == 0xDA) {
                return failed(Outcome.SCAN_BEFORE_FRAME, step);
            }
            switch (step.kind()) {
                case STANDALONE -> {
                    continue;
                }
                case SEGMENT, OVERRUN -> {
                    if (step.frameHeader()) {
                        // the size's four bytes follow the length and the sample precision
                        if (step.offset() + 9 > end) {
                            return failed(Outcome.FRAME_CUT, step);
                        }
                        int height = (data[step.offset() + 5] & 0xFF) << 8 | data[step.offset() + 6] & 0xFF;
                        int width = (data[step.offset() + 7] & 0xFF) << 8 | data[step.offset() + 8] & 0xFF;
                        return new FrameHeaderSearch(Outcome.FOUND, step.offset(), step.length(), width, height);
                    }
                    if (step.kind() == MarkerWalk.Kind.OVERRUN) {
                        return failed(Outcome.RAN_OUT, step);
                    }
                }
                case END -> {
                    return failed(Outcome.RAN_OUT, step);
                }
                case STRAY_BYTES -> {
                    return failed(Outcome.STRAY_BYTES, step);
                }
                case CUT_IN_MARKER, CUT_IN_LENGTH -> {
                    return failed(Outcome.CUT_IN_MARKER, step);
                }
                case IMPOSSIBLE_LENGTH -> {
                    return new FrameHeaderSearch(Outcome.IMPOSSIBLE_LENGTH, step.offset(), step.length(), 0, 0);
                }
                case END_OF_IMAGE -> {
                    return failed(Outcome.END_BEFORE_FRAME, step);
                }
                default -> throw new IllegalStateException("unknown step " + step.kind());
            }
        }
    }

    /** Whether a frame header was found. */
    public boolean found() {
        return outcome == Outcome.FOUND;
    }

    /** Where the frame header's segment ends as declared (the scan and the end marker come after it). */
    public int segmentEnd() {
        return offset + 2 + length;
    }

    private static FrameHeaderSearch failed(Outcome outcome, MarkerWalk.Step step) {
        return new FrameHeaderSearch(outcome, step.offset(), 0, 0, 0);
    }
}
