package dev.loupe.eval.manifest;

import java.util.ArrayList;
import java.util.List;

/**
 * A strict RFC 4180 reader: comma-separated fields, double-quoted fields that may hold commas,
 * line breaks and doubled quotes, records ended by CRLF or LF. Each record knows the line it
 * starts on, so that manifest errors can name it.
 *
 * <p>Written here rather than read with Jackson's CSV module (which {@link CsvFile} writes with): its
 * parser (2.21) gives no line a record can be named by (the header's is -1, and later ones leave out
 * blank lines and line breaks inside quotes), and it takes a quote inside an unquoted field
 * ({@code b"c.jpg}) or spaces after a closing quote as data, where this reader names the line.
 */
final class CsvRecords {

    /** One record and the 1-based line it starts on. */
    record CsvRecord(int line, List<String> fields) {
    }

    private CsvRecords() {
    }

    /**
     * Splits {@code text} into records; blank lines are skipped.
     *
     * @throws IllegalArgumentException with the line number, for a stray quote or an unterminated field
     */
    static List<CsvRecord> parse(String text) {
        List<CsvRecord> records = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int line = 1;
        int recordLine = 1;
        int i = text.startsWith("\uFEFF") ? 1 : 0;
        boolean quoted = false;
        boolean fieldWasQuoted = false;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i += 2;
                        continue;
                    }
                    quoted = false;
                    i++;
                    continue;
                }
                if (c == '\n') {
                    line++;
                }
                field.append(c);
                i++;
                continue;
            }
            if (c == '"') {
                if (field.length() > 0 || fieldWasQuoted) {
                    throw new IllegalArgumentException("line " + line + ": a quote inside an unquoted field "
                            + "(quote the whole field and double the quote: \"\")");
                }
                quoted = true;
                fieldWasQuoted = true;
                i++;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
                fieldWasQuoted = false;
                i++;
            } else if (c == '\r' || c == '\n') {
                i += c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n' ? 2 : 1;
                fields.add(field.toString());
                addUnlessBlank(records, recordLine, fields);
                fields = new ArrayList<>();
                field.setLength(0);
                fieldWasQuoted = false;
                line++;
                recordLine = line;
            } else {
                if (fieldWasQuoted) {
                    throw new IllegalArgumentException("line " + line + ": text after a closing quote");
                }
                field.append(c);
                i++;
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("line " + recordLine + ": a quoted field is never closed");
        }
        if (field.length() > 0 || fieldWasQuoted || !fields.isEmpty()) {
            fields.add(field.toString());
            addUnlessBlank(records, recordLine, fields);
        }
        return records;
    }

    private static void addUnlessBlank(List<CsvRecord> records, int line, List<String> fields) {
        if (fields.size() == 1 && fields.get(0).isBlank()) {
            return;
        }
        records.add(new CsvRecord(line, List.copyOf(fields)));
    }
}
