package dev.loupe.image;

/**
 * TIFF: ImageWidth (256) and ImageLength (257) from the first image file directory, in the byte
 * order the signature names. Completeness is not checked: strips can sit anywhere in the file.
 */
final class TiffHeader {

    private static final int IMAGE_WIDTH = 256;
    private static final int IMAGE_LENGTH = 257;
    private static final int SHORT = 3;
    private static final int LONG = 4;

    private TiffHeader() {
    }

    static Header read(byte[] data) {
        boolean little = data[0] == 'I';
        long directory = u32(data, 4, little);
        int entries = u16(data, directory, little);
        long width = -1;
        long height = -1;
        // Each entry read is bounds-checked, so a bogus count ends at the end of the file.
        for (int k = 0; k < entries && (width < 0 || height < 0); k++) {
            long entry = directory + 2 + 12L * k;
            int tag = u16(data, entry, little);
            if (tag != IMAGE_WIDTH && tag != IMAGE_LENGTH) {
                continue;
            }
            int type = u16(data, entry + 2, little);
            long value = switch (type) {
                case SHORT -> u16(data, entry + 8, little);
                case LONG -> u32(data, entry + 8, little);
                default -> throw new MalformedImageException("TIFF is corrupt (tag " + tag + " has type " + type + ")");
            };
            if (tag == IMAGE_WIDTH) {
                width = value;
            } else {
                height = value;
            }
        }
        if (width < 0 || height < 0) {
            throw new MalformedImageException("TIFF has no image " + (width < 0 ? "width" : "length") + " in its first directory");
        }
        return new Header(width, height, null);
    }

    private static int u16(byte[] data, long offset, boolean little) {
        return little ? Bytes.u16le(data, offset, "TIFF directory") : Bytes.u16be(data, offset, "TIFF directory");
    }

    private static long u32(byte[] data, long offset, boolean little) {
        return little ? Bytes.u32le(data, offset, "TIFF directory") : Bytes.u32be(data, offset, "TIFF directory");
    }
}
