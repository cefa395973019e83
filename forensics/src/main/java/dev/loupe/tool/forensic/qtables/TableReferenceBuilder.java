package dev.loupe.tool.forensic.qtables;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Writes the table reference from a development-set manifest ({@code evaluation/fetch-dev-set.sh}):
 * every {@code camera_original} row whose EXIF names a make becomes a row of make, model, table
 * signature, IJG quality, whether the tables are a library's, the segment layout ({@code libjpeg} or
 * {@code camera}) and the manifest's source. Usage:
 * {@code java -cp target/loupe.jar dev.loupe.tool.forensic.qtables.TableReferenceBuilder MANIFEST.csv >
 * forensics/src/main/resources/dev/loupe/tool/forensic/qtables/camera-tables.tsv}.
 */
public final class TableReferenceBuilder {

    private TableReferenceBuilder() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: TableReferenceBuilder MANIFEST.csv");
            System.exit(2);
        }
        Path manifest = Path.of(args[0]);
        System.out.println("# Quantization tables cameras wrote, one row per camera original of the development set.");
        System.out.println("# Written by dev.loupe.tool.forensic.qtables.TableReferenceBuilder from " + manifest.getFileName());
        System.out.println("make\tmodel\tsignature\tquality\tlibrary\tlayout\tsource");
        List<String> lines = Files.readAllLines(manifest);
        for (String line : lines.subList(1, lines.size())) {
            List<String> fields = csv(line);
            if (fields.size() < 4 || !fields.get(2).equals("camera_original")) {
                continue;
            }
            Path file = manifest.resolveSibling(fields.get(0));
            Optional<TableFacts> facts = TableFacts.of(Files.readAllBytes(file));
            if (facts.isEmpty()) {
                System.err.println("skipped " + fields.get(0) + ": no EXIF make or no tables");
                continue;
            }
            TableReference.Row row = facts.get().asRow(fields.get(3) + " " + file.getFileName());
            System.out.println(String.join("\t", row.make(), row.model(), row.signature(), String.valueOf(row.quality()),
                    String.valueOf(row.library()), row.libjpegLayout() ? "libjpeg" : "camera", row.source()));
        }
    }

    /** The fields of one CSV line (quoted fields may hold commas). */
    private static List<String> csv(String line) {
        List<String> fields = new java.util.ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
