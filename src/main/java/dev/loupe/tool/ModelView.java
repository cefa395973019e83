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
 * A tool result as the model reads it: the status, every finding, and the data compacted — numbers
 * to four significant digits, long lists cut with a count, deep nesting summarised, and, past a
 * character budget, the largest data fields left out by name. Models pay for every token and reason
 * no better over a quantization table's 64 entries than over the quality it implies; the full
 * result stays in the artefact store. A top-level {@code data.text} — the page {@code web_fetch}
 * read, what an MCP tool answered — is the result itself, so it is kept whole up to
 * {@value #MAX_TEXT} characters, outside the budget.
 */
public final class ModelView {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final MathContext FOUR_DIGITS = new MathContext(4);
    private static final int MAX_ITEMS = 4;
    private static final int MAX_STRING = 100;
    private static final int MAX_DEPTH = 3;
    static final int MAX_TEXT = 8000;

    private ModelView() {
    }

    /** The compact view, at most about {@code budget} characters of JSON (findings are always kept). */
    public static ObjectNode of(ToolResult result, int budget) {
        ObjectNode view = NODES.objectNode();
        view.put("status", result.status().wireName());
        ArrayNode findings = view.putArray("findings");
        for (Finding finding : result.findings()) {
            findings.addObject().put("code", finding.code()).put("detail", finding.detail());
        }
        if (result.error() != null) {
            view.put("error", result.error());
        }
        ObjectNode data = (ObjectNode) compact(result.data(), 0);
        String text = result.data().path("text").isTextual() ? result.data().get("text").asText() : null;
        data.remove("text");
        List<String> omitted = new ArrayList<>();
        while (view.toString().length() + data.toString().length() > budget && !data.isEmpty()) {
            String largest = largestField(data);
            data.remove(largest);
            omitted.add(largest);
        }
        if (text != null) {
            data.put("text", text.length() <= MAX_TEXT ? text
                    : text.substring(0, MAX_TEXT) + "… (" + (text.length() - MAX_TEXT) + " more characters)");
        }
        view.set("data", data);
        if (!omitted.isEmpty()) {
            view.put("omitted", String.join(", ", omitted));
        }
        if (!result.artifacts().isEmpty()) {
            view.put("pictures", result.artifacts().size());
        }
        return view;
    }

    private static JsonNode compact(JsonNode node, int depth) {
        if (node.isObject()) {
            if (depth >= MAX_DEPTH) {
                return NODES.textNode("{" + node.size() + " fields}");
            }
            ObjectNode out = NODES.objectNode();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                out.set(field.getKey(), compact(field.getValue(), depth + 1));
            }
            return out;
        }
        if (node.isArray()) {
            if (depth >= MAX_DEPTH) {
                return NODES.textNode("[" + node.size() + " items]");
            }
            ArrayNode out = NODES.arrayNode();
            for (int i = 0; i < Math.min(MAX_ITEMS, node.size()); i++) {
                out.add(compact(node.get(i), depth + 1));
            }
            if (node.size() > MAX_ITEMS) {
                out.add("… " + (node.size() - MAX_ITEMS) + " more");
            }
            return out;
        }
        if (node.isFloatingPointNumber()) {
            double value = node.doubleValue();
            return Double.isFinite(value)
                    ? NODES.numberNode(new BigDecimal(value).round(FOUR_DIGITS).stripTrailingZeros()) : node;
        }
        if (node.isTextual() && node.asText().length() > MAX_STRING) {
            return NODES.textNode(node.asText().substring(0, MAX_STRING) + "…");
        }
        return node;
    }

    private static String largestField(ObjectNode data) {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(data.properties());
        return fields.stream().max(Comparator.comparingInt(e -> e.getValue().toString().length()))
                .map(Map.Entry::getKey).orElseThrow();
    }
}
