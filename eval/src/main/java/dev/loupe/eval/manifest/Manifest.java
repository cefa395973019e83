package dev.loupe.eval.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A labelled image set read from a CSV file (RFC 4180, a header row) or JSON Lines ({@code .jsonl},
 * one object a line). Columns {@code path} and {@code label} are required, {@code category} and
 * {@code id} are optional, and any others are kept with each item. The label answers the content question
 * ({@code real}: what a camera captured, possibly processed as a whole; {@code fake}: changed locally or
 * generated); a category that contradicts it ({@code fake} with {@code processed} …) is refused.
 *
 * @param file   the manifest file, absolute
 * @param sha256 the hash of its bytes, so that a resumed run can tell the manifest changed
 */
public record Manifest(Path file, String sha256, List<ManifestItem> items) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> KNOWN = Set.of("path", "label", "category", "id");

    /**
     * Labels a category contradicts, and why: the label says whether the content is what a camera captured,
     * the category how the file came to be, so a processed photo is {@code real} and a local edit {@code fake}.
     */
    private static final Map<String, String> CONTRADICTS = Map.of(
            "fake/processed", "a photo processed as a whole is real content; label it real (or name the local change: manipulated)",
            "fake/camera_original", "a camera original is real; label it real",
            "real/manipulated", "content changed locally is fake; label it fake (or, for a change of the whole frame, say processed)",
            "real/ai_generated", "generated content is fake; label it fake");

    public Manifest {
        items = List.copyOf(items);
    }

    /**
     * Reads a manifest; the format follows the extension ({@code .jsonl}/{@code .ndjson}: JSON Lines,
     * anything else: CSV).
     *
     * @throws LoupeException BAD_INPUT naming the file and line of the first mistake
     */
    public static Manifest load(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(absolute);
        } catch (IOException e) {
            throw LoupeException.badInput(file + ": cannot read this manifest (" + dev.loupe.core.Causes.of(e) + ")");
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        String name = absolute.getFileName().toString().toLowerCase(Locale.ROOT);
        List<Row> rows;
        try {
            rows = name.endsWith(".jsonl") || name.endsWith(".ndjson") ? jsonLines(text) : csv(text);
        } catch (IllegalArgumentException e) {
            throw LoupeException.badInput(file + " " + e.getMessage());
        }
        List<ManifestItem> items = items(file, absolute.getParent(), rows);
        if (items.isEmpty()) {
            throw LoupeException.badInput(file + ": the manifest lists no images; add a line per image (path,label)");
        }
        return new Manifest(absolute, sha256(bytes), items);
    }

    /** The first {@code limit} items, or all of them when {@code limit} is null. */
    public Manifest limit(Integer limit) {
        if (limit == null || limit >= items.size()) {
            return this;
        }
        return new Manifest(file, sha256, items.subList(0, Math.max(0, limit)));
    }

    private record Row(int line, Map<String, String> values) {
    }

    private static List<Row> csv(String text) {
        List<CsvRecords.CsvRecord> records = CsvRecords.parse(text);
        if (records.isEmpty()) {
            throw new IllegalArgumentException("line 1: empty manifest; the first line names the columns (path,label,…)");
        }
        List<String> header = records.get(0).fields().stream().map(String::strip).toList();
        if (new HashSet<>(header).size() != header.size()) {
            throw new IllegalArgumentException("line " + records.get(0).line() + ": a column name appears twice");
        }
        List<Row> rows = new ArrayList<>();
        for (CsvRecords.CsvRecord record : records.subList(1, records.size())) {
            if (record.fields().size() != header.size()) {
                throw new IllegalArgumentException("line " + record.line() + ": " + record.fields().size()
                        + " fields, but the header names " + header.size() + " columns");
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                values.put(header.get(i), record.fields().get(i));
            }
            rows.add(new Row(record.line(), values));
        }
        return rows;
    }

    private static List<Row> jsonLines(String text) {
        List<Row> rows = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = i == 0 && lines[i].startsWith("\uFEFF") ? lines[i].substring(1) : lines[i];
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (IOException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": not a JSON object");
            }
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("line " + (i + 1) + ": not a JSON object");
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode value = field.getValue();
                values.put(field.getKey(), value.isNull() ? "" : value.isValueNode() ? value.asText() : value.toString());
            }
            rows.add(new Row(i + 1, values));
        }
        return rows;
    }

    /**
     * A value from the manifest as a message quotes it: a quoted CSV field may hold line breaks, and a
     * refusal is one line (found by fuzzing).
     */
    private static String quoted(String value) {
        return value.replace("\r", "\\r").replace("\n", "\\n");
    }

    private static List<ManifestItem> items(Path shown, Path folder, List<Row> rows) {
        List<ManifestItem> items = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Row row : rows) {
            String where = shown + " line " + row.line() + ": ";
            String path = row.values().getOrDefault("path", "").strip();
            if (path.isEmpty()) {
                throw LoupeException.badInput(where + "no path (every item needs a path column, relative to the manifest)");
            }
            // A manifest without a label column scores fields (for graphs that do not classify real/fake).
            String label = row.values().containsKey("label") ? row.values().get("label").strip().toLowerCase(Locale.ROOT) : null;
            if (label != null && !label.equals("real") && !label.equals("fake")) {
                throw LoupeException.badInput(where + "label must be real or fake, not '" + quoted(row.values().getOrDefault("label", "")) + "'");
            }
            String id = row.values().getOrDefault("id", "").strip();
            id = id.isEmpty() ? path : id;
            if (!ids.add(id)) {
                throw LoupeException.badInput(where + "the item " + quoted(id) + " appears twice (ids and paths must be unique)");
            }
            Path file;
            try {
                file = folder.resolve(path).normalize();
            } catch (InvalidPathException e) {
                throw LoupeException.badInput(where + "'" + quoted(path) + "' is not a valid path");
            }
            String category = row.values().getOrDefault("category", "").strip();
            String contradiction = label == null ? null : CONTRADICTS.get(label + "/" + category);
            if (contradiction != null) {
                throw LoupeException.badInput(where + "label " + label + " with category " + category + ": " + contradiction);
            }
            Map<String, String> extra = new LinkedHashMap<>();
            row.values().forEach((key, value) -> {
                if (!KNOWN.contains(key)) {
                    extra.put(key, value);
                }
            });
            items.add(new ManifestItem(items.size(), row.line(), id, path, file, label,
                    category.isEmpty() ? null : category, extra));
        }
        return items;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
