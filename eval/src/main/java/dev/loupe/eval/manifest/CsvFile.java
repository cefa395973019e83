package dev.loupe.eval.manifest;

import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a CSV file (RFC 4180, LF line ends) with Jackson's CSV module: a field is quoted only when it
 * holds a comma, a quote or a line break (the strict check: by default the module also quotes plain
 * paths), so a manifest of plain fields is the text a person would write, and {@link Manifest} reads
 * back every field as written.
 */
public final class CsvFile {

    private static final CsvMapper CSV = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

    private CsvFile() {
    }

    /** Writes {@code rows} (the header first) to {@code file}, in UTF-8. */
    public static void write(Path file, List<List<String>> rows) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             var lines = CSV.writerFor(String[].class).with(CsvSchema.emptySchema()).writeValues(out)) {
            for (List<String> row : rows) {
                lines.write(row.toArray(String[]::new));
            }
        }
    }
}
