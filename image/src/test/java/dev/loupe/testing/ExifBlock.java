package dev.loupe.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a small big-endian TIFF block for an EXIF APP1 segment: IFD0 tags, and an EXIF sub-IFD
 * when any EXIF tags are given. Enough for tests: ASCII, SHORT and UNDEFINED values.
 */
public final class ExifBlock {

    private record Entry(int tag, int type, byte[] value, int count) {
    }

    private static final int ASCII = 2;
    private static final int SHORT = 3;
    private static final int LONG = 4;
    private static final int UNDEFINED = 7;
    private static final int EXIF_IFD_POINTER = 0x8769;

    private final List<Entry> ifd0 = new ArrayList<>();
    private final List<Entry> exif = new ArrayList<>();

    public ExifBlock make(String value) {
        return ascii(ifd0, 0x010F, value);
    }

    public ExifBlock model(String value) {
        return ascii(ifd0, 0x0110, value);
    }

    public ExifBlock software(String value) {
        return ascii(ifd0, 0x0131, value);
    }

    public ExifBlock modifyDate(String value) {
        return ascii(ifd0, 0x0132, value);
    }

    public ExifBlock orientation(int value) {
        ifd0.add(new Entry(0x0112, SHORT, new byte[] {(byte) (value >> 8), (byte) value, 0, 0}, 1));
        return this;
    }

    public ExifBlock dateTimeOriginal(String value) {
        return ascii(exif, 0x9003, value);
    }

    /** UserComment with the ASCII character-code prefix, as most writers use. */
    public ExifBlock userComment(String text) {
        byte[] value = MarkedImages.concat("ASCII\0\0\0".getBytes(StandardCharsets.US_ASCII),
                text.getBytes(StandardCharsets.ISO_8859_1));
        exif.add(new Entry(0x9286, UNDEFINED, value, value.length));
        return this;
    }

    /** UserComment as AUTOMATIC1111 writes it (through piexif): "UNICODE\0" and UTF-16 big-endian. */
    public ExifBlock userCommentUnicode(String text) {
        byte[] value = MarkedImages.concat("UNICODE\0".getBytes(StandardCharsets.US_ASCII),
                text.getBytes(StandardCharsets.UTF_16BE));
        exif.add(new Entry(0x9286, UNDEFINED, value, value.length));
        return this;
    }

    public ExifBlock exifImageSize(int width, int height) {
        exif.add(new Entry(0xA002, SHORT, new byte[] {(byte) (width >> 8), (byte) width, 0, 0}, 1));
        exif.add(new Entry(0xA003, SHORT, new byte[] {(byte) (height >> 8), (byte) height, 0, 0}, 1));
        return this;
    }

    private ExifBlock ascii(List<Entry> ifd, int tag, String value) {
        byte[] bytes = (value + "\0").getBytes(StandardCharsets.ISO_8859_1);
        ifd.add(new Entry(tag, ASCII, bytes, bytes.length));
        return this;
    }

    /** The TIFF block: header, IFD0, the EXIF IFD, then the values that do not fit in four bytes. */
    public byte[] build() {
        List<Entry> first = new ArrayList<>(ifd0);
        int ifd0Size = 2 + 12 * (first.size() + (exif.isEmpty() ? 0 : 1)) + 4;
        int exifOffset = 8 + ifd0Size;
        int exifSize = exif.isEmpty() ? 0 : 2 + 12 * exif.size() + 4;
        if (!exif.isEmpty()) {
            first.add(new Entry(EXIF_IFD_POINTER, LONG, intBytes(exifOffset), 1));
        }
        ByteArrayOutputStream values = new ByteArrayOutputStream();
        int valuesStart = exifOffset + exifSize;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'M', 'M', 0, 42, 0, 0, 0, 8});
        writeIfd(out, first, values, valuesStart);
        if (!exif.isEmpty()) {
            writeIfd(out, exif, values, valuesStart);
        }
        out.writeBytes(values.toByteArray());
        return out.toByteArray();
    }

    private static void writeIfd(ByteArrayOutputStream out, List<Entry> entries, ByteArrayOutputStream values, int valuesStart) {
        List<Entry> sorted = entries.stream().sorted((a, b) -> Integer.compare(a.tag(), b.tag())).toList();
        out.write(sorted.size() >> 8);
        out.write(sorted.size());
        for (Entry entry : sorted) {
            out.write(entry.tag() >> 8);
            out.write(entry.tag());
            out.write(0);
            out.write(entry.type());
            out.writeBytes(intBytes(entry.count()));
            if (entry.value().length <= 4) {
                out.writeBytes(java.util.Arrays.copyOf(entry.value(), 4));
            } else {
                out.writeBytes(intBytes(valuesStart + values.size()));
                values.writeBytes(entry.value());
                if (values.size() % 2 == 1) {
                    values.write(0);
                }
            }
        }
        out.writeBytes(intBytes(0));
    }

    private static byte[] intBytes(int value) {
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }
}
