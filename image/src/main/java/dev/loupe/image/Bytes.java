package dev.loupe.image;

/**
 * Bounds-checked reads of big- and little-endian integers from a file's bytes: a read past the end
 * is a truncated header, never an ArrayIndexOutOfBoundsException.
 */
final class Bytes {

    private Bytes() {
    }

    static void require(byte[] data, long offset, long length, String what) {
        if (offset < 0 || length < 0 || offset + length > data.length) {
            throw new MalformedImageException(what + " is truncated");
        }
    }

    static int u8(byte[] data, long offset, String what) {
        require(data, offset, 1, what);
        return data[(int) offset] & 0xFF;
    }

    static int u16be(byte[] data, long offset, String what) {
        require(data, offset, 2, what);
        int i = (int) offset;
        return (data[i] & 0xFF) << 8 | data[i + 1] & 0xFF;
    }

    static int u16le(byte[] data, long offset, String what) {
        require(data, offset, 2, what);
        int i = (int) offset;
        return (data[i + 1] & 0xFF) << 8 | data[i] & 0xFF;
    }

    static int u24le(byte[] data, long offset, String what) {
        require(data, offset, 3, what);
        int i = (int) offset;
        return (data[i + 2] & 0xFF) << 16 | (data[i + 1] & 0xFF) << 8 | data[i] & 0xFF;
    }

    static long u32be(byte[] data, long offset, String what) {
        return (long) u16be(data, offset, what) << 16 | u16be(data, offset + 2, what);
    }

    static long u32le(byte[] data, long offset, String what) {
        return (long) u16le(data, offset + 2, what) << 16 | u16le(data, offset, what);
    }

    static boolean startsWith(byte[] data, long offset, String ascii) {
        if (offset < 0 || offset + ascii.length() > data.length) {
            return false;
        }
        for (int k = 0; k < ascii.length(); k++) {
            if (data[(int) offset + k] != (byte) ascii.charAt(k)) {
                return false;
            }
        }
        return true;
    }
}
