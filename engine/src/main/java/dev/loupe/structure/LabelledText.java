package dev.loupe.structure;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the fields a model states in prose rather than JSON: "Verdict: AI-generated" lines (with
 * markdown emphasis, list markers, several labels on one line), "## Verdict" headings followed by a
 * paragraph, and markdown tables, either one field per row ({@code | Verdict | Fake |}) or one
 * field per column. Only labels that name one of the graph's fields count; the lines that are not
 * read as fields are kept as the answer's prose. When a field is stated twice, the last one wins:
 * models put their final answer last.
 */
final class LabelledText {

    /** What was read: field → the words as written, and the lines that were not fields. */
    record Result(ObjectNode values, String prose) {
    }

    private static final Pattern WORD = Pattern.compile("\\S+");
    private static final Pattern SEPARATOR_ROW = Pattern.compile("\\|?\\s*:?-{3,}:?\\s*(\\|\\s*:?-{3,}:?\\s*)*\\|?");
    /** Label words looked at before a colon: "The final verdict:" → "final verdict". */
    private static final int LABEL_WORDS = 4;

    private final FieldNames names;
    private final List<String> lines;
    private final ObjectNode values = JsonNodeFactory.instance.objectNode();
    private final List<String> prose = new ArrayList<>();
    private int i;

    private LabelledText(String text, FieldNames names) {
        this.names = names;
        this.lines = text.lines().toList();
    }

    static Result read(String text, FieldNames names) {
        LabelledText reader = new LabelledText(text, names);
        reader.run();
        return new Result(reader.values, String.join("\n", reader.prose).strip());
    }

    private void run() {
        while (i < lines.size()) {
            String line = lines.get(i).strip();
            if (line.startsWith("|")) {
                table();
            } else if (!labels(line) && !heading(line)) {
                prose.add(lines.get(i));
                i++;
            }
        }
    }

    /** A markdown table from line i: one field per row, or a header row of field names. */
    private void table() {
        List<String> header = cells(lines.get(i));
        boolean hasSeparator = i + 1 < lines.size() && SEPARATOR_ROW.matcher(lines.get(i + 1).strip()).matches();
        List<Optional<String>> columns = header.stream().map(names::field).toList();
        boolean byColumn = hasSeparator && columns.stream().filter(Optional::isPresent).count() >= 2;
        i += hasSeparator ? 2 : 0;
        boolean readAny = false;
        for (; i < lines.size() && lines.get(i).strip().startsWith("|"); i++) {
            List<String> row = cells(lines.get(i));
            if (byColumn) {
                for (int c = 0; c < Math.min(row.size(), columns.size()); c++) {
                    int column = c;
                    columns.get(c).ifPresent(field -> put(field, row.get(column)));
                }
                readAny = true;
            } else if (row.size() >= 2 && names.field(row.get(0)).isPresent()) {
                put(names.field(row.get(0)).get(), row.get(1));
                readAny = true;
            }
        }
        if (!byColumn && hasSeparator && !readAny && names.field(header.get(0)).isPresent() && header.size() >= 2) {
            put(names.field(header.get(0)).get(), header.get(1)); // | Verdict | Fake | as the header itself
        }
    }

    /** "Label: value" pairs on line i; true when at least one was read. */
    private boolean labels(String line) {
        String text = clean(line);
        List<int[]> found = new ArrayList<>(); // {label start, value start}
        List<String> fields = new ArrayList<>();
        int segmentStart = 0;
        for (int colon = 0; colon < text.length(); colon++) {
            char c = text.charAt(colon);
            if (c != ':' && c != '：') {
                continue;
            }
            Optional<int[]> label = labelBefore(text, segmentStart, colon, fields);
            if (label.isPresent()) {
                found.add(new int[] {label.get()[0], colon + 1});
            }
            segmentStart = colon + 1;
        }
        if (found.isEmpty()) {
            return false;
        }
        for (int k = 0; k < found.size(); k++) {
            int end = k + 1 < found.size() ? found.get(k + 1)[0] : text.length();
            String value = text.substring(found.get(k)[1], end).strip();
            if (value.isEmpty() && k == found.size() - 1) {
                i++;
                value = paragraph();
                i--;
            }
            put(fields.get(k), value);
        }
        i++;
        return true;
    }

    /** The longest run of up to four words just before the colon that names a field. */
    private Optional<int[]> labelBefore(String text, int from, int colon, List<String> fields) {
        List<int[]> words = new ArrayList<>();
        Matcher word = WORD.matcher(text.substring(from, colon));
        while (word.find()) {
            words.add(new int[] {from + word.start(), from + word.end()});
        }
        for (int n = Math.min(LABEL_WORDS, words.size()); n >= 1; n--) {
            int start = words.get(words.size() - n)[0];
            Optional<String> field = names.field(text.substring(start, colon));
            if (field.isPresent()) {
                fields.add(field.get());
                return Optional.of(new int[] {start});
            }
        }
        return Optional.empty();
    }

    /** "## Verdict" or "**Verdict**" alone on line i, its value the paragraph that follows. */
    private boolean heading(String line) {
        boolean marked = line.startsWith("#") || line.startsWith("**") && line.endsWith("**");
        Optional<String> field = marked ? names.field(clean(line)) : Optional.empty();
        if (field.isEmpty()) {
            return false;
        }
        i++;
        String value = paragraph();
        if (!value.isEmpty()) {
            put(field.get(), value);
        }
        return true;
    }

    /** The lines from i up to a blank line, a table or a heading, joined; i moves past them. */
    private String paragraph() {
        while (i < lines.size() && lines.get(i).isBlank()) {
            i++;
        }
        StringBuilder text = new StringBuilder();
        while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).strip().startsWith("|")
                && !lines.get(i).strip().startsWith("#")) {
            text.append(text.isEmpty() ? "" : " ").append(clean(lines.get(i)));
            i++;
        }
        return text.toString();
    }

    private void put(String field, String value) {
        String cleaned = clean(value).replaceAll("^[\"'“”]+|[\"'“”]+$", "").strip();
        if (!cleaned.isEmpty()) {
            values.put(field, cleaned);
        }
    }

    private static List<String> cells(String row) {
        String body = row.strip();
        body = body.substring(1, body.endsWith("|") && body.length() > 1 ? body.length() - 1 : body.length());
        List<String> cells = new ArrayList<>();
        for (String cell : body.split("\\|", -1)) {
            cells.add(clean(cell));
        }
        return cells;
    }

    /** Without markdown emphasis, code marks, heading and list markers. */
    static String clean(String text) {
        String cleaned = text.replace("**", "").replace("__", "").replace("`", "").strip();
        return cleaned.replaceAll("^(?:#+\\s*|[>*•-]+\\s+|\\d+[.)]\\s+)+", "").strip();
    }
}
