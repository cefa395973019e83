package dev.loupe.image.jpeg;

import java.io.ByteArrayOutputStream;
import java.util.Optional;

/**
 * Moves a camera's EXIF block (the APP1 segment starting {@code Exif\0\0}) from one JPEG into
 * another, as a forger does to make edited pixels look like a camera original.
 */
public final class ExifSegment {

    private ExifSegment() {
    }

    /** The whole APP1 Exif segment of {@code jpeg}, marker and length included, if it has one. */
    public static Optional<byte[]> find(byte[] jpeg) {
        int i = 2;
        while (i + 4 <= jpeg.length && (jpeg[i] & 0xFF) == 0xFF) {
            int marker = jpeg[i + 1] & 0xFF;
            if (marker == 0xDA || marker == 0xD9) {
                break;
            }
            int length = (jpeg[i + 2] & 0xFF) << 8 | (jpeg[i + 3] & 0xFF);
            if (length < 2 || i + 2 + length > jpeg.length) {
                break;
            }
            if (marker == 0xE1 && length >= 8 && jpeg[i + 4] == 'E' && jpeg[i + 5] == 'x' && jpeg[i + 6] == 'i'
                    && jpeg[i + 7] == 'f') {
                byte[] segment = new byte[length + 2];
                System.arraycopy(jpeg, i, segment, 0, segment.length);
                return Optional.of(segment);
            }
            i += 2 + length;
        }
        return Optional.empty();
    }

    /**
     * {@code jpeg} with {@code segment} right after its start-of-image marker, in place of the JFIF
     * APP0 segment an encoder writes there (cameras write EXIF first and no JFIF).
     */
    public static byte[] insert(byte[] jpeg, byte[] segment) {
        int rest = 2;
        if (jpeg.length > 6 && (jpeg[2] & 0xFF) == 0xFF && (jpeg[3] & 0xFF) == 0xE0) {
            rest = 4 + ((jpeg[4] & 0xFF) << 8 | (jpeg[5] & 0xFF));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(jpeg.length + segment.length);
        out.write(jpeg, 0, 2);
        out.write(segment, 0, segment.length);
        out.write(jpeg, rest, jpeg.length - rest);
        return out.toByteArray();
    }

    /**
     * {@code jpeg} with every APPn and COM segment its encoder wrote after the start-of-image marker
     * replaced by {@code header} (whole segments, markers included).
     */
    public static byte[] replaceHeader(byte[] jpeg, byte[] header) {
        int rest = 2;
        while (rest + 4 <= jpeg.length && (jpeg[rest] & 0xFF) == 0xFF) {
            int marker = jpeg[rest + 1] & 0xFF;
            if (!((marker >= 0xE0 && marker <= 0xEF) || marker == 0xFE)) {
                break;
            }
            rest += 2 + ((jpeg[rest + 2] & 0xFF) << 8 | (jpeg[rest + 3] & 0xFF));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(jpeg.length + header.length);
        out.write(jpeg, 0, 2);
        out.write(header, 0, header.length);
        out.write(jpeg, rest, jpeg.length - rest);
        return out.toByteArray();
    }
}
