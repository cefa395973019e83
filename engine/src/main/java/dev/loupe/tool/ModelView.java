package dev.loupe.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A tool result as the model reads it: compact evidence, not the whole result. Models pay for every
 * token of every turn, so the view is plain lines rather than JSON:
 *
 * <pre>
 * code: the finding's sentence          (every finding, whole, one a line)
 * {"exif":{"software":"GIMP 2.10"}}     (the data fields the tool names in {@link ToolDefinition#modelFields()})
 * </pre>
 *
 * A result that did not run is one line, {@code [error] message} or {@code [not_applicable] reason}.
 * The data is the tool's chosen fields with nulls and empties dropped, numbers to three significant
 * digits, long lists cut with a count and, past a character budget, the largest fields left out by
 * name; artefact paths never reach the model (it cannot open them). A top-level {@code data.text} —
 * the page {@code web_fetch} read, what an MCP tool answered — is the result itself, so it is kept
 * whole up to {@value #MAX_TEXT} characters, outside the budget. The whole result stays in the
 * artefact store; {@link ModelViewReader} reads a view back for the offline policies.
 */
public final class ModelView {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final MathContext THREE_DIGITS = new MathContext(3);
    private static final int MAX_ITEMS = 4;
    private static final int MAX_STRING = 100;
    private static final int MAX_DEPTH = 3;
    static final int MAX_TEXT = 8000;
    static final String NO_FINDINGS = "no findings";

    private ModelView() {
    }

    /** The compact view of every data field, at most about {@code budget} characters of data. */
    public static String of(ToolResult result, int budget) {
        return of(result, Tool.ALL_FIELDS, budget);
    }

    /**
     * The compact view: the status when it is not {@code ok}, every finding, and the data fields named
     * by {@code fields} (dotted paths; {@code *} for all), at most about {@code budget} characters of data.
     */
    public static String of(ToolResult result, List<String> fields, int budget) {
        if (result.status() != ToolStatus.OK) {
            return "[" + result.status().wireName() + "] " + oneLine(result.error() == null ? "" : result.error());
        }
        StringBuilder view = new StringBuilder();
        for (Finding finding : result.findings()) {
            view.append(finding.code()).append(": ").append(oneLine(finding.detail())).append('\n');
        }
        ObjectNode data = fields.contains(Tool.ALL) ? result.data().deepCopy() : selected(result.data(), fields);
        String text = data.path("text").isTextual() ? data.get("text").asText() : null;
        data.remove("text");
        data = compact(data, 0) instanceof ObjectNode compacted ? compacted : NODES.objectNode();
        List<String> omitted = new ArrayList<>();
        while (data.toString().length() > budget && !data.isEmpty()) {
            String largest = largestField(data);
            data.remove(largest);
            omitted.add(largest);
        }
        if (text != null) {
            data.put("text", text.length() <= MAX_TEXT ? text
                    : text.substring(0, MAX_TEXT) + "… (" + (text.length() - MAX_TEXT) + " more characters)");
        }
        if (!data.isEmpty()) {
            view.append(data).append('\n');
        }
        if (!omitted.isEmpty()) {
            view.append("(omitted: ").append(String.join(", ", omitted)).append(")\n");
        }
        return view.isEmpty() ? NO_FINDINGS : view.substring(0, view.length() - 1);
    }

    /** The named fields of {@code data}, nested as they are there; paths that name nothing are skipped. */
    public static ObjectNode select(ObjectNode data, List<String> fields) {
        return selected(data, fields);
    }

    private static ObjectNode selected(ObjectNode data, List<String> fields) {
        ObjectNode out = NODES.objectNode();
        for (String path : fields) {
            String[] names = path.split("\\.");
            JsonNode value = data;
            for (String name : names) {
                value = value.path(name);
            }
            if (value.isMissingNode()) {
                continue;
            }
            ObjectNode parent = out;
            for (int i = 0; i < names.length - 1; i++) {
                parent = parent.has(names[i]) && parent.get(names[i]).isObject()
                        ? (ObjectNode) parent.get(names[i]) : parent.putObject(names[i]);
            }
            parent.set(names[names.length - 1], value.deepCopy());
        }
        return out;
    }

    /** Line breaks inside a finding would start a new line of the view, which a reader takes for a finding. */
    private static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ");
    }

    /** The node compacted, or null when nothing is left of it (null, empty text, list or object). */
    private static JsonNode compact(JsonNode node, int depth) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isObject()) {
            if (depth >= MAX_DEPTH) {
                return node.isEmpty() ? null : NODES.textNode("{" + node.size() + " fields}");
            }
            ObjectNode out = NODES.objectNode();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                JsonNode value = compact(field.getValue(), depth + 1);
                if (value != null) {
                    out.set(field.getKey(), value);
                }
            }
            return out.isEmpty() ? null : out;
        }
        if (node.isArray()) {
            if (depth >= MAX_DEPTH) {
                return node.isEmpty() ? null : NODES.textNode("[" + node.size() + " items]");
            }
            ArrayNode out = NODES.arrayNode();
            for (int i = 0; i < Math.min(MAX_ITEMS, node.size()); i++) {
                JsonNode value = compact(node.get(i), depth + 1);
                if (value != null) {
                    out.add(value);
                }
            }
            if (node.size() > MAX_ITEMS) {
                out.add("… " + (node.size() - MAX_ITEMS) + " more");
            }
            return out.isEmpty() ? null : out;
        }
        if (node.isFloatingPointNumber()) {
            double value = node.doubleValue();
            if (!Double.isFinite(value)) {
                return node;
            }
            BigDecimal rounded = new BigDecimal(value).round(THREE_DIGITS).stripTrailingZeros();
            return rounded.scale() <= 0 ? NODES.numberNode(rounded.toBigInteger()) : NODES.numberNode(rounded);
        }
        if (node.isTextual()) {
            // Control bytes (a camera's binary JPEG comment) say nothing to a model.
            String text = node.asText().replaceAll("\\p{Cntrl}+", " ").strip();
            return text.isEmpty() ? null : NODES.textNode(text.length() > MAX_STRING ? text.substring(0, MAX_STRING) + "…" : text);
        }
        return node;
    }

    private static String largestField(ObjectNode data) {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(data.properties());
        return fields.stream().max(Comparator.comparingInt(e -> e.getValue().toString().length()))
                .map(Map.Entry::getKey).orElseThrow();
    }
}
