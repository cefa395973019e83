package dev.loupe.eval;

import dev.loupe.eval.detect.BoxTally;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static dev.loupe.eval.JsonFields.text;
import static dev.loupe.eval.JsonFields.number;

/**
 * One line of {@code results.jsonl}: what the manifest expected and what the graph said. An item
 * whose analysis failed has an {@code error} and a null verdict; it is counted apart, never as a
 * wrong answer.
 *
 * @param index            the item's position in the manifest, from 0
 * @param expected         the manifest's label, {@code real} or {@code fake}
 * @param expectedCategory the manifest's category, or null
 * @param verdict          {@code real}, {@code fake}, {@code uncertain}, or null after an error
 * @param category         the category the graph gave, or null
 * @param pFake            the result's P(fake), or null when it gave none
 * @param timings          seconds per node and {@code total}
 * @param cost             in US dollars, or null when no price was given for tokens spent
 * @param extra            the manifest's other columns
 * @param fields           what the graph answered for each manifest column that names one of its output
 *                         fields, scored against that column by {@link #fieldMatches()}
 * @param findings         the finding codes of the result's evidence, in its order (what the content bars
 *                         read to tell whether the camera's encoding survives)
 */
public record ItemResult(int index, String id, String path, String expected, String expectedCategory,
                         String verdict, String category, Double confidence, Double pFake, String threadId,
                         Map<String, Double> timings, long inputTokens, long outputTokens, Double cost,
                         List<ToolRun> tools, List<String> flags, String error, Map<String, String> extra,
                         Map<String, String> fields, List<String> findings) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DERIVED_FROM = "derived from ";

    public ItemResult {
        Objects.requireNonNull(id, "id");
        timings = Collections.unmodifiableMap(new LinkedHashMap<>(timings));
        tools = List.copyOf(tools);
        flags = List.copyOf(flags);
        extra = Collections.unmodifiableMap(new LinkedHashMap<>(extra));
        fields = fields == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        findings = findings == null ? List.of() : List.copyOf(findings);
    }

    /** A result whose evidence is not kept. */
    public ItemResult(int index, String id, String path, String expected, String expectedCategory, String verdict,
                      String category, Double confidence, Double pFake, String threadId, Map<String, Double> timings,
                      long inputTokens, long outputTokens, Double cost, List<ToolRun> tools, List<String> flags,
                      String error, Map<String, String> extra, Map<String, String> fields) {
        this(index, id, path, expected, expectedCategory, verdict, category, confidence, pFake, threadId, timings,
                inputTokens, outputTokens, cost, tools, flags, error, extra, fields, List.of());
    }

    /** A result with no output fields scored. */
    public ItemResult(int index, String id, String path, String expected, String expectedCategory, String verdict,
                      String category, Double confidence, Double pFake, String threadId, Map<String, Double> timings,
                      long inputTokens, long outputTokens, Double cost, List<ToolRun> tools, List<String> flags,
                      String error, Map<String, String> extra) {
        this(index, id, path, expected, expectedCategory, verdict, category, confidence, pFake, threadId, timings,
                inputTokens, outputTokens, cost, tools, flags, error, extra, Map.of(), List.of());
    }

    /**
     * The answered values of the manifest columns that name output fields (see {@link FieldColumn}),
     * from the result's {@link FieldColumn#flatten flattened} fields. A column left empty for an item
     * is not scored for it (a set mixing kinds of items fills only the columns that apply).
     */
    public static Map<String, String> scored(Map<String, String> columns, Map<String, String> output) {
        Map<String, String> scored = new LinkedHashMap<>();
        columns.forEach((column, expected) -> {
            if (expected == null || expected.isBlank()) {
                return;
            }
            String answered = FieldColumn.parse(column).answer(output);
            if (answered != null) {
                scored.put(column, answered);
            }
        });
        return scored;
    }

    /**
     * Each scored field: whether the answer is the manifest's value, compared without case or
     * surrounding space, numbers by value (within the column's tolerance), a list column by membership.
     */
    public Map<String, Boolean> fieldMatches() {
        Map<String, Boolean> matches = new LinkedHashMap<>();
        fieldRanks().forEach((name, rank) -> matches.put(name, rank > 0));
        return matches;
    }

    /** Each scored field's rank of the first right answer (1 for a plain field answered right), 0 when wrong. */
    public Map<String, Integer> fieldRanks() {
        Map<String, Integer> ranks = new LinkedHashMap<>();
        fields.forEach((name, answered) -> {
            if (!name.equals(BoxTally.COLUMN)) { // boxes are scored by IoU (BoxTally), not by equality
                ranks.put(name, FieldColumn.parse(name).rank(extra.get(name), answered));
            }
        });
        return ranks;
    }

    /**
     * The photo the item was made from (an original and its derivatives share one): the manifest's
     * {@code group} column, else the original a derivative's {@code source} names ("derived from
     * nikon-d50.jpg"), else the item's own file name.
     */
    public String group() {
        String group = extra.get("group");
        if (group != null && !group.isBlank()) {
            return group.strip();
        }
        String source = extra.getOrDefault("source", "");
        if (source.startsWith(DERIVED_FROM)) {
            return source.substring(DERIVED_FROM.length()).strip();
        }
        return path == null ? id : Path.of(path).getFileName().toString();
    }

    public boolean failed() {
        return error != null;
    }

    /** True when the verdict is the label; null after an error or without a label. */
    public Boolean correct() {
        return failed() || expected == null ? null : expected.equals(verdict);
    }

    public boolean answered() {
        return "real".equals(verdict) || "fake".equals(verdict);
    }

    /** Wall-clock seconds of the analysis, or null when unknown. */
    public Double totalSeconds() {
        return timings.get("total");
    }

    /**
     * P(fake): the result's own when it gave one, else derived from the verdict — fake: the
     * confidence, real: one minus it, uncertain: 0.5. Null after an error.
     */
    public Double probabilityFake() {
        if (failed()) {
            return null;
        }
        if (pFake != null) {
            return pFake;
        }
        double c = confidence == null ? 0.5 : confidence;
        return switch (String.valueOf(verdict)) {
            case "fake" -> c;
            case "real" -> 1 - c;
            default -> 0.5;
        };
    }

    public ObjectNode toJson() {
        ObjectNode node = JSON.createObjectNode();
        node.put("index", index);
        node.put("id", id);
        node.put("path", path);
        node.put("expected", expected);
        node.put("expected_category", expectedCategory);
        node.put("verdict", verdict);
        node.put("category", category);
        node.put("confidence", confidence);
        node.put("p_fake", pFake);
        node.put("correct", correct());
        node.put("thread_id", threadId);
        ObjectNode times = node.putObject("timings");
        timings.forEach(times::put);
        ObjectNode tokens = node.putObject("tokens");
        tokens.put("input", inputTokens);
        tokens.put("output", outputTokens);
        tokens.put("total", inputTokens + outputTokens);
        node.put("cost", cost);
        ArrayNode toolArray = node.putArray("tools");
        for (ToolRun run : tools) {
            toolArray.addObject().put("tool", run.tool()).put("status", run.status()).put("seconds", run.seconds());
        }
        ArrayNode flagArray = node.putArray("flags");
        flags.forEach(flagArray::add);
        node.put("error", error);
        ObjectNode extras = node.putObject("extra");
        extra.forEach(extras::put);
        if (!fields.isEmpty()) {
            ObjectNode answered = node.putObject("fields");
            fields.forEach(answered::put);
        }
        if (!findings.isEmpty()) {
            ArrayNode codes = node.putArray("findings");
            findings.forEach(codes::add);
        }
        return node;
    }

    /** The line as written to {@code results.jsonl}, without its newline. */
    public String toLine() {
        return toJson().toString();
    }

    /**
     * Reads a line written by {@link #toLine()}.
     *
     * @throws IllegalArgumentException when the line is not such an object
     */
    public static ItemResult parse(String line) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (Exception e) {
            throw new IllegalArgumentException("not JSON", e);
        }
        if (node == null || !node.isObject() || !node.path("index").isInt() || !node.path("id").isTextual()
                || !(node.path("expected").isTextual() || node.path("expected").isNull())) {
            throw new IllegalArgumentException("not a results line (index, id and expected are required)");
        }
        Map<String, Double> timings = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.path("timings").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            timings.put(e.getKey(), e.getValue().asDouble());
        }
        List<ToolRun> tools = new ArrayList<>();
        for (JsonNode t : node.path("tools")) {
            tools.add(new ToolRun(t.path("tool").asText(), t.path("status").asText(), t.path("seconds").asDouble()));
        }
        List<String> flags = new ArrayList<>();
        node.path("flags").forEach(f -> flags.add(f.asText()));
        Map<String, String> extra = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.path("extra").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            extra.put(e.getKey(), e.getValue().asText());
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.path("fields").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            fields.put(e.getKey(), e.getValue().asText());
        }
        List<String> findings = new ArrayList<>();
        node.path("findings").forEach(f -> findings.add(f.asText()));
        JsonNode tokens = node.path("tokens");
        return new ItemResult(node.get("index").asInt(), node.get("id").asText(), text(node, "path"),
                text(node, "expected"), text(node, "expected_category"), text(node, "verdict"),
                text(node, "category"), number(node, "confidence"), number(node, "p_fake"), text(node, "thread_id"),
                timings, tokens.path("input").asLong(), tokens.path("output").asLong(), number(node, "cost"),
                tools, flags, text(node, "error"), extra, fields, findings);
    }
}
