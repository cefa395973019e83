package dev.loupe.eval.detect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;
import dev.loupe.tool.detect.Box;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Box scoring for {@code loupe eval}: a manifest's {@code boxes} column holds the boxes a person drew,
 * {@code [{"label": "face", "box": [x1, y1, x2, y2]}, …]} in pixels of the image; the graph's answer is
 * its output's {@code boxes} (normalised, as the detect schema says) with the image's size. Each item's
 * boxes are matched per label ({@link BoxScores}) and summed per label and over all labels.
 */
public final class BoxTally {

    /** The manifest column and the result field that carry boxes. */
    public static final String COLUMN = "boxes";
    /** The key of the sum over every label. */
    public static final String ALL = "all";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, BoxScores> perLabel = new TreeMap<>();
    private final BoxScores all = new BoxScores();

    /**
     * The manifest's boxes of one item, in pixels; empty when it has no {@code boxes} column. A value
     * that is not such a list is bad input, named in one line.
     */
    public static List<Pixels> truth(Map<String, String> columns) {
        String value = columns.get(COLUMN);
        if (value == null || value.isBlank()) {
            return List.of();
        }
        JsonNode list;
        try {
            list = JSON.readTree(value);
        } catch (IOException e) {
            list = null;
        }
        if (list == null || !list.isArray()) {
            throw LoupeException.badInput("the boxes column must be a JSON list like [{\"label\": \"face\", \"box\": [x1, y1, x2, y2]}] in pixels");
        }
        List<Pixels> boxes = new ArrayList<>();
        for (JsonNode item : list) {
            JsonNode box = item.path("box");
            String label = item.path("label").asText("").strip();
            if (label.isEmpty() || !box.isArray() || box.size() != 4 || !allNumbers(box)) {
                throw LoupeException.badInput("each labelled box needs a label and \"box\": [x1, y1, x2, y2] in pixels, not " + item);
            }
            if (box.get(2).asDouble() <= box.get(0).asDouble() || box.get(3).asDouble() <= box.get(1).asDouble()) {
                throw LoupeException.badInput("a labelled box must have x2 > x1 and y2 > y1: " + item);
            }
            boxes.add(new Pixels(label, box.get(0).asDouble(), box.get(1).asDouble(), box.get(2).asDouble(), box.get(3).asDouble()));
        }
        return boxes;
    }

    /**
     * What a result answered, kept in the results file: the output's boxes with the image's size, or
     * null when the output has no boxes.
     */
    public static String answered(JsonNode result) {
        JsonNode boxes = result.path(COLUMN);
        if (!boxes.isArray()) {
            return null;
        }
        ObjectNode answer = JSON.createObjectNode();
        answer.put("width", result.path("image").path("width").asInt());
        answer.put("height", result.path("image").path("height").asInt());
        ArrayNode list = answer.putArray(COLUMN);
        boxes.forEach(list::add);
        return answer.toString();
    }

    /** Adds an item's answered boxes against the manifest's; items without a {@code boxes} column add nothing. */
    public void add(Map<String, String> columns, String answered) {
        List<Pixels> truth = truth(columns);
        if (truth.isEmpty() && !columns.containsKey(COLUMN)) {
            return;
        }
        JsonNode answer = read(answered);
        int width = answer.path("width").asInt();
        int height = answer.path("height").asInt();
        Map<String, List<Box>> wanted = new LinkedHashMap<>();
        Map<String, List<Box>> found = new LinkedHashMap<>();
        for (Pixels p : truth) {
            wanted.computeIfAbsent(p.label(), k -> new ArrayList<>()).add(width > 0 && height > 0
                    ? Box.ofPixels(p.label(), 1, p.x1(), p.y1(), p.x2(), p.y2(), width, height) : new Box(p.label(), 1, 0, 0, 0, 0));
        }
        for (JsonNode b : answer.path(COLUMN)) {
            JsonNode c = b.path("box");
            String label = b.path("label").asText();
            found.computeIfAbsent(label, k -> new ArrayList<>()).add(new Box(label, b.path("score").asDouble(1),
                    c.path(0).asDouble(), c.path(1).asDouble(), c.path(2).asDouble(), c.path(3).asDouble()));
        }
        List<String> labels = new ArrayList<>(wanted.keySet());
        found.keySet().stream().filter(l -> !wanted.containsKey(l)).forEach(labels::add);
        for (String label : labels) {
            List<Box> t = wanted.getOrDefault(label, List.of());
            List<Box> f = found.getOrDefault(label, List.of());
            perLabel.computeIfAbsent(label, k -> new BoxScores()).add(t, f);
            all.add(t, f);
        }
    }

    /** Scores per label and {@value #ALL}, in label order; empty when no item had boxes. */
    public Map<String, BoxScores> scores() {
        if (perLabel.isEmpty() && all.labelled() == 0) {
            return Map.of();
        }
        Map<String, BoxScores> scores = new LinkedHashMap<>(perLabel);
        scores.put(ALL, all);
        return scores;
    }

    private static JsonNode read(String answered) {
        if (answered == null) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(answered);
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    private static boolean allNumbers(JsonNode box) {
        for (JsonNode v : box) {
            if (!v.isNumber()) {
                return false;
            }
        }
        return true;
    }

    /** A box a person drew, in pixels. */
    public record Pixels(String label, double x1, double y1, double x2, double y2) {
    }
}
