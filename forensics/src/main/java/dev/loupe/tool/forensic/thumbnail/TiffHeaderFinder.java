package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.image.ImageFormat;

/** Finds where the EXIF block's TIFF header starts in a file, walking only the container's own structure. */
final class TiffHeaderFinder {

    private TiffHeaderFinder() {
    }

    /** The TIFF header's offset in {@code file}, or -1 when the file has no EXIF block we can find. */
    static int find(byte[] file, ImageFormat format) {
        int start = switch (format) {
            case JPEG -> inJpeg(file);
            case TIFF -> 0;
            case WEBP -> inChunks(file, 12, "EXIF", false);
            case PNG -> inChunks(file, 8, "eXIf", true);
            default -> -1;
        };
        return start >= 0 && isTiffHeader(file, start) ? start : -1;
    }

    private static int inJpeg(byte[] file) {
        int pos = 2;
        while (pos + 4 <= file.length && (file[pos] & 255) == 0xFF) {
            int marker = file[pos + 1] & 255;
            if (marker == 0xFF) {
                pos++;
                continue;
            }
            if (marker == 0xDA || marker == 0xD9) {
                return -1;
            }
            int length = ((file[pos + 2] & 255) << 8) | (file[pos + 3] & 255);
            if (length < 2) {
                return -1;
            }
            if (marker == 0xE1 && pos + 10 <= file.length && file[pos + 4] == 'E' && file[pos + 5] == 'x'
                    && file[pos + 6] == 'i' && file[pos + 7] == 'f' && file[pos + 8] == 0 && file[pos + 9] == 0) {
                return pos + 10;
            }
            pos += 2 + length;
        }
        return -1;
    }

    /**
     * Walks RIFF (little-endian sizes, padded to even) or PNG (big-endian lengths, 4-byte CRC) chunks from
     * {@code pos} to the named one. A WebP EXIF chunk may or may not start with "Exif\0\0".
     */
    private static int inChunks(byte[] file, int pos, String name, boolean png) {
        while (pos + 8 <= file.length) {
            long size;
            String type;
            if (png) {
                size = ((long) (file[pos] & 255) << 24) | ((file[pos + 1] & 255) << 16) | ((file[pos + 2] & 255) << 8) | (file[pos + 3] & 255);
                type = new String(file, pos + 4, 4, java.nio.charset.StandardCharsets.ISO_8859_1);
            } else {
                type = new String(file, pos, 4, java.nio.charset.StandardCharsets.ISO_8859_1);
                size = (file[pos + 4] & 255) | ((file[pos + 5] & 255) << 8) | ((file[pos + 6] & 255) << 16) | ((long) (file[pos + 7] & 255) << 24);
            }
            int data = pos + 8;
            if (type.equals(name)) {
                if (data + 6 <= file.length && file[data] == 'E' && file[data + 1] == 'x' && file[data + 2] == 'i' && file[data + 3] == 'f') {
                    return data + 6;
                }
                return data;
            }
            long next = data + size + (png ? 4 : size & 1);
            if (next > file.length || next <= pos) {
                return -1;
            }
            pos = (int) next;
        }
        return -1;
    }

    private static boolean isTiffHeader(byte[] file, int p) {
        return p + 4 <= file.length && ((file[p] == 'I' && file[p + 1] == 'I' && file[p + 2] == 42 && file[p + 3] == 0)
                || (file[p] == 'M' && file[p + 1] == 'M' && file[p + 2] == 0 && file[p + 3] == 42));
    }
}
