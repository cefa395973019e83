package dev.loupe.tool.forensic.metadata;

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
        if (offset < 0 || offset + 4 > end || (file[offset] & 0xFF) != 0xFF || (file[offset + 1] & 0xFF) != 0xD8) {
            return new int[] {0, 0};
        }
        int pos = offset + 2;
        while (pos + 4 <= end) {
            if ((file[pos] & 0xFF) != 0xFF) {
                return new int[] {0, 0};
            }
            int marker = file[pos + 1] & 0xFF;
            if (marker == 0xFF) {
                pos++;
                continue;
            }
            int segmentLength = ((file[pos + 2] & 0xFF) << 8) | (file[pos + 3] & 0xFF);
            boolean frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
            if (frame && pos + 9 <= end) {
                int height = ((file[pos + 5] & 0xFF) << 8) | (file[pos + 6] & 0xFF);
                int width = ((file[pos + 7] & 0xFF) << 8) | (file[pos + 8] & 0xFF);
                return new int[] {width, height};
            }
            if (marker == 0xDA || segmentLength < 2) {
                return new int[] {0, 0};
            }
            pos += 2 + segmentLength;
        }
        return new int[] {0, 0};
    }

    /**
     * Where the TIFF header of the EXIF block starts in the file: inside the first {@code Exif}
     * APP1 segment of a JPEG, at 0 for a TIFF, and 0 when it cannot be found.
     */
    static int tiffHeaderOffset(byte[] file) {
        if (file.length < 4 || (file[0] & 0xFF) != 0xFF || (file[1] & 0xFF) != 0xD8) {
            return 0;
        }
        int pos = 2;
        while (pos + 10 <= file.length && (file[pos] & 0xFF) == 0xFF) {
            int marker = file[pos + 1] & 0xFF;
            int segmentLength = ((file[pos + 2] & 0xFF) << 8) | (file[pos + 3] & 0xFF);
            if (marker == 0xE1 && file[pos + 4] == 'E' && file[pos + 5] == 'x' && file[pos + 6] == 'i'
                    && file[pos + 7] == 'f' && file[pos + 8] == 0) {
                return pos + 10;
            }
            if (marker == 0xDA || segmentLength < 2) {
                return 0;
            }
            pos += 2 + segmentLength;
        }
        return 0;
    }
}
