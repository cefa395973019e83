package dev.loupe.tool.forensic;

import java.io.ByteArrayOutputStream;

/**
 * Moves a JPEG's EXIF APP1 segment (with its thumbnail) into another JPEG, right after SOI: what a
 * careless editor does when it keeps the camera's metadata on a re-saved picture.
 */
public final class ExifSplice {

    private ExifSplice() {
    }

    /** The complete APP1 "Exif" segment (marker and length included) of a JPEG. */
    public static byte[] exifSegment(byte[] jpeg) {
        int pos = 2;
        while (pos + 4 <= jpeg.length && (jpeg[pos] & 255) == 0xFF) {
            int marker = jpeg[pos + 1] & 255;
            int length = ((jpeg[pos + 2] & 255) << 8) | (jpeg[pos + 3] & 255);
            if (marker == 0xE1 && length >= 8 && jpeg[pos + 4] == 'E' && jpeg[pos + 5] == 'x'
                    && jpeg[pos + 6] == 'i' && jpeg[pos + 7] == 'f') {
                byte[] segment = new byte[length + 2];
                System.arraycopy(jpeg, pos, segment, 0, length + 2);
                return segment;
            }
            if (marker == 0xDA) {
                break;
            }
            pos += 2 + length;
        }
        throw new IllegalArgumentException("no EXIF APP1 segment");
    }

    /** {@code jpeg} with {@code app1} inserted after its SOI. */
    public static byte[] withSegment(byte[] jpeg, byte[] app1) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(jpeg.length + app1.length);
        out.write(jpeg, 0, 2);
        out.write(app1, 0, app1.length);
        out.write(jpeg, 2, jpeg.length - 2);
        return out.toByteArray();
    }
}
