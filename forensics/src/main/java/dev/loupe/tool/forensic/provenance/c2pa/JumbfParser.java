package dev.loupe.tool.forensic.provenance.c2pa;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Parses a JUMBF box tree (ISO/IEC 19566-5). Box lengths come from the file and are checked
 * against the bytes really there; nesting and box counts are bounded, so a hostile store cannot
 * make the parser recurse or allocate without limit.
 */
final class JumbfParser {

    private static final int MAX_DEPTH = 16;
    private static final int MAX_BOXES = 20_000;
    /** Description toggles: bit 1 says a label follows the type UUID and toggle byte. */
    private static final int LABEL_PRESENT = 0x02;

    private final byte[] data;
    private int boxes;

    private JumbfParser(byte[] data) {
        this.data = data;
    }

    /** The top-level boxes of a store. */
    static List<JumbfBox> parse(byte[] store) throws MalformedStoreException {
        return new JumbfParser(store).boxes(0, store.length, 0);
    }

    private List<JumbfBox> boxes(int start, int end, int depth) throws MalformedStoreException {
        if (depth > MAX_DEPTH) {
            throw new MalformedStoreException("JUMBF boxes nested deeper than " + MAX_DEPTH);
        }
        List<JumbfBox> result = new ArrayList<>();
        int pos = start;
        while (pos + 8 <= end) {
            if (++boxes > MAX_BOXES) {
                throw new MalformedStoreException("more than " + MAX_BOXES + " JUMBF boxes");
            }
            long length = readInt(pos) & 0xFFFFFFFFL;
            String type = new String(data, pos + 4, 4, StandardCharsets.ISO_8859_1);
            int header = 8;
            if (length == 1) {
                if (pos + 16 > end) {
                    throw new MalformedStoreException("box '" + type + "' at " + pos + " is cut before its long length");
                }
                length = ((readInt(pos + 8) & 0xFFFFFFFFL) << 32) | (readInt(pos + 12) & 0xFFFFFFFFL);
                header = 16;
            } else if (length == 0) {
                length = end - pos;
            }
            if (length < header || pos + length > end) {
                throw new MalformedStoreException("box '" + type + "' at " + pos + " declares " + length
                        + " bytes but " + (end - pos) + " remain");
            }
            int contentStart = pos + header;
            int contentEnd = (int) (pos + length);
            result.add("jumb".equals(type) ? superbox(contentStart, contentEnd, depth)
                    : new JumbfBox(type, null, null, List.of(), Arrays.copyOfRange(data, contentStart, contentEnd),
                    view(contentStart, contentEnd)));
            pos = contentEnd;
        }
        return result;
    }

    private JumbfBox superbox(int start, int end, int depth) throws MalformedStoreException {
        // The first child is the description box: 16-byte type UUID, a toggle byte, then the label.
        if (start + 8 > end || !"jumd".equals(new String(data, start + 4, 4, StandardCharsets.ISO_8859_1))) {
            throw new MalformedStoreException("superbox at " + start + " does not start with a description box");
        }
        int descriptionLength = readInt(start);
        int descriptionEnd = start + descriptionLength;
        if (descriptionLength < 25 || descriptionEnd > end) {
            throw new MalformedStoreException("description box at " + start + " has a bad length " + descriptionLength);
        }
        String contentType = printable(new String(data, start + 8, 4, StandardCharsets.ISO_8859_1));
        int toggles = data[start + 24] & 0xFF;
        String label = null;
        if ((toggles & LABEL_PRESENT) != 0) {
            int labelStart = start + 25;
            int labelEnd = labelStart;
            while (labelEnd < descriptionEnd && data[labelEnd] != 0) {
                labelEnd++;
            }
            label = new String(data, labelStart, labelEnd - labelStart, StandardCharsets.UTF_8);
        }
        return new JumbfBox("jumb", contentType, label, boxes(descriptionEnd, end, depth + 1), new byte[0], view(start, end));
    }

    private ByteBuffer view(int start, int end) {
        return ByteBuffer.wrap(data, start, end - start).slice().asReadOnlyBuffer();
    }

    private int readInt(int pos) {
        return ((data[pos] & 0xFF) << 24) | ((data[pos + 1] & 0xFF) << 16) | ((data[pos + 2] & 0xFF) << 8) | (data[pos + 3] & 0xFF);
    }

    private static String printable(String fourBytes) {
        return fourBytes.chars().allMatch(c -> c >= 0x20 && c < 0x7F) ? fourBytes : "binary";
    }
}
