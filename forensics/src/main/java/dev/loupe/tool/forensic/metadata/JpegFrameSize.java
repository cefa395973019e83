package dev.loupe.tool.forensic.metadata;

import dev.loupe.image.jpeg.FrameHeaderSearch;
import dev.loupe.image.jpeg.MarkerWalk;

/** Reads a JPEG's frame size from its SOF marker, within a bounded slice of a larger file. */
final class JpegFrameSize {

    private JpegFrameSize() {
    }

    /**
     * The width and height from the first SOF segment of the JPEG at {@code offset}, or {0, 0}
     * when the slice is out of the file or holds no readable frame header.
     */
    static int[] of(byte[] file, int offset, int length) {
        int end = (int) Math.min(file.length, (long) offset + length);
        if (offset < 0 || (long) offset + 4 > end || (file[offset] & 0xFF) != 0xFF || (file[offset + 1] & 0xFF) != 0xD8) {
            return new int[] {0, 0};
        }
        FrameHeaderSearch frame = FrameHeaderSearch.find(file, offset + 2, end);
        return frame.found() ? new int[] {frame.width(), frame.height()} : new int[] {0, 0};
    }

    /**
     * Where the TIFF header of the EXIF block starts in the file: inside the first {@code Exif}
     * APP1 segment of a JPEG, at 0 for a TIFF, and 0 when it cannot be found.
     */
    static int tiffHeaderOffset(byte[] file) {
        if (file.length < 4 || (file[0] & 0xFF) != 0xFF || (file[1] & 0xFF) != 0xD8) {
            return 0;
        }
        MarkerWalk walk = MarkerWalk.afterStartOfImage(file);
        while (true) {
            MarkerWalk.Step step = walk.next();
            boolean segment = step.kind() == MarkerWalk.Kind.SEGMENT || step.kind() == MarkerWalk.Kind.OVERRUN;
            if (step.kind() == MarkerWalk.Kind.STANDALONE) {
                continue;
            }
            if (!segment || step.marker() == 0xDA) {
                return 0;
            }
            int pos = step.offset();
            // a cut-off EXIF block still holds the tags before the cut, so only its identifier must fit
            if (step.marker() == 0xE1 && pos + 10 <= file.length && file[pos + 4] == 'E' && file[pos + 5] == 'x'
                    && file[pos + 6] == 'i' && file[pos + 7] == 'f' && file[pos + 8] == 0) {
                return pos + 10;
            }
            if (step.kind() == MarkerWalk.Kind.OVERRUN) {
                return 0;
            }
        }
    }
}
