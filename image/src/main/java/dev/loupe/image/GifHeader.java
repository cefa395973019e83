package dev.loupe.image;

/**
 * GIF: the size of the logical screen, widened to the first frame's extent — a frame may declare
 * itself larger than the screen, and decoders allocate for the frame. Completeness is not checked: a
 * GIF's trailer byte (0x3B) is often followed by junk, and a cut GIF still decodes its first frames.
 */
final class GifHeader {

    private static final int SCREEN_DESCRIPTOR_END = 13;
    private static final int EXTENSION = 0x21;
    private static final int IMAGE_DESCRIPTOR = 0x2C;

    private GifHeader() {
    }

    static Header read(byte[] data) {
        long width = Bytes.u16le(data, 6, "GIF header");
        long height = Bytes.u16le(data, 8, "GIF header");
        int flags = Bytes.u8(data, 10, "GIF header");
        long position = SCREEN_DESCRIPTOR_END + colourTableSize(flags);
        // Skip extensions (comments, animation control) to the first image descriptor, if there is one.
        while (position < data.length) {
            int block = Bytes.u8(data, position, "GIF block");
            if (block == IMAGE_DESCRIPTOR) {
                long right = Bytes.u16le(data, position + 1, "GIF image descriptor")
                        + (long) Bytes.u16le(data, position + 5, "GIF image descriptor");
                long bottom = Bytes.u16le(data, position + 3, "GIF image descriptor")
                        + (long) Bytes.u16le(data, position + 7, "GIF image descriptor");
                return new Header(Math.max(width, right), Math.max(height, bottom), null);
            }
            if (block != EXTENSION) {
                break;
            }
            position = skipSubBlocks(data, position + 2);
        }
        return new Header(width, height, null);
    }

    /** Bytes of the global colour table: 3 × 2^(size+1) entries when the table flag is set. */
    private static long colourTableSize(int flags) {
        return (flags & 0x80) == 0 ? 0 : 3L << ((flags & 0x07) + 1);
    }

    /** The position after a chain of length-prefixed sub-blocks ending with a zero length. */
    private static long skipSubBlocks(byte[] data, long position) {
        while (position < data.length) {
            int size = data[(int) position] & 0xFF;
            position += 1 + size;
            if (size == 0) {
                break;
            }
        }
        return position;
    }
}
