package dev.loupe.tool.detect;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One box as a model wrote it, before its convention is known: four numbers in the order written,
 * or why it cannot be read.
 *
 * @param gemini  whether the numbers came from a {@code box_2d} field
 * @param problem why the box cannot be read, or null
 */
record RawBox(int index, String label, double score, double[] values, boolean gemini, String problem) {

    static RawBox parse(JsonNode item, int index) {
        if (item.isArray()) {
            return numbers(item, index, null, 1.0, false);
        }
        if (!item.isObject()) {
            return failed(index, "is " + kind(item) + ", not a box (an object with label and box, or four numbers)");
        }
        String label = text(item, "label", "name", "class");
        double score = 1.0;
        JsonNode scoreNode = item.has("score") ? item.get("score") : item.get("confidence");
        if (scoreNode != null && scoreNode.isNumber()) {
            score = Math.max(0, Math.min(1, scoreNode.asDouble()));
        }
        for (String field : new String[] {"box", "bbox", "box_2d", "xyxy"}) {
            if (item.has(field)) {
                return numbers(item.get(field), index, label, score, field.equals("box_2d"));
            }
        }
        if (has(item, "x1", "y1", "x2", "y2")) {
            return of(index, label, score, item, "x1", "y1", "x2", "y2");
        }
        if (has(item, "xmin", "ymin", "xmax", "ymax")) {
            return of(index, label, score, item, "xmin", "ymin", "xmax", "ymax");
        }
        if (has(item, "x", "y", "width", "height")) {
            double x = item.get("x").asDouble(), y = item.get("y").asDouble();
            return new RawBox(index, label, score,
                    new double[] {x, y, x + item.get("width").asDouble(), y + item.get("height").asDouble()}, false, null);
        }
        return failed(index, "has no corners: give box [x1, y1, x2, y2] (or box_2d, or x1/y1/x2/y2)");
    }

    private static RawBox numbers(JsonNode array, int index, String label, double score, boolean gemini) {
        if (!array.isArray() || array.size() != 4) {
            return failed(index, "needs four numbers, not " + array);
        }
        double[] values = new double[4];
        for (int i = 0; i < 4; i++) {
            JsonNode n = array.get(i);
            if (!n.isNumber() || !Double.isFinite(n.asDouble())) {
                return failed(index, "needs four numbers, not " + array);
            }
            values[i] = n.asDouble();
        }
        return new RawBox(index, label, score, values, gemini, null);
    }

    private static RawBox of(int index, String label, double score, JsonNode item, String... keys) {
        double[] values = new double[4];
        for (int i = 0; i < 4; i++) {
            JsonNode n = item.get(keys[i]);
            if (!n.isNumber() || !Double.isFinite(n.asDouble())) {
                return failed(index, "needs numbers for " + String.join(", ", keys));
            }
            values[i] = n.asDouble();
        }
        return new RawBox(index, label, score, values, false, null);
    }

    private static boolean has(JsonNode item, String... keys) {
        for (String key : keys) {
            if (!item.has(key)) {
                return false;
            }
        }
        return true;
    }

    private static String text(JsonNode item, String... keys) {
        for (String key : keys) {
            if (item.hasNonNull(key)) {
                return item.get(key).asText();
            }
        }
        return null;
    }

    private static String kind(JsonNode node) {
        return node.isTextual() ? "text" : node.isNumber() ? "a number" : node.isNull() ? "null" : node.getNodeType().name().toLowerCase();
    }

    private static RawBox failed(int index, String why) {
        return new RawBox(index, null, 0, null, false, "box " + index + " " + why);
    }
}
