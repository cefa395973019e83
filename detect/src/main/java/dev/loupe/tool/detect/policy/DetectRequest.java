package dev.loupe.tool.detect.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a request in words asks of the detect graph, read by rules: the object named ("the faces",
 * "a box around the cat"), whether to draw, and boxes written into the request itself with the scale
 * and corner order it states ("in pixels", "0-1000", "[y1, x1, y2, x2]").
 *
 * @param object the object's words as written ("faces", "licence plate"), or null
 * @param draw   whether the request asks for a picture
 * @param boxes  the boxes given in the request (a JSON array), or null
 * @param scale  {@code pixels}, {@code per_mille}, {@code normalized}, or null when not said
 * @param order  {@code yxyx} when the request says so, else null
 * @param label  the label to give given boxes ("label them face"), or null
 */
record DetectRequest(String object, boolean draw, ArrayNode boxes, String scale, String order, String label) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern DRAW = Pattern.compile("\\b(draw|drawn|box|boxes|mark|annotate|highlight|outline|show|picture)\\b");
    private static final String STOP = "(?=\\s+(?:and|then|in|on|with|please|for|from|using|at)\\b|[,.;:!?\\[]|$)";
    private static final Pattern AROUND = Pattern.compile(
            "\\b(?:around|round|on|over|of)\\s+(?:(?:the|these|those|this|that|each|every|all|any|a|an)\\b)?\\s*([a-z][a-z_'\\- ]{1,40}?)" + STOP);
    private static final Pattern VERB = Pattern.compile(
            "\\b(?:detect|find|locate|spot|count|mark|highlight|outline|draw|box)\\s+(?:me\\s+)?(?:all\\s+)?(?:of\\s+)?"
                    + "(?:(?:the|these|those|this|that|each|every|all|any|a|an)\\b)?\\s*([a-z][a-z_'\\- ]{1,40}?)" + STOP);
    private static final Pattern LABEL = Pattern.compile("\\blabel(?:l?ed)?\\s+(?:them\\s+|it\\s+)?(?:as\\s+)?['\"]?([a-z_][a-z_ ]{0,30}?)['\"]?" + STOP);

    static DetectRequest read(String text) {
        String request = text == null ? "" : text;
        ArrayNode boxes = boxes(request);
        int cut = request.indexOf('[');
        String words = (boxes != null && cut >= 0 ? request.substring(0, cut) + " " + tail(request) : request)
                .toLowerCase(Locale.ROOT).replace('\u2013', '-');
        String lower = request.toLowerCase(Locale.ROOT).replace('\u2013', '-');
        return new DetectRequest(object(words), DRAW.matcher(words).find() || boxes != null, boxes, scale(lower),
                lower.matches("(?s).*(\\[\\s*y1|\\[\\s*ymin|yxyx|y first|box_2d).*") ? "yxyx" : null, label(words));
    }

    private static String object(String words) {
        for (Pattern pattern : new Pattern[] {AROUND, VERB}) {
            Matcher matcher = pattern.matcher(words);
            while (matcher.find()) {
                String found = matcher.group(1).trim();
                if (!found.isEmpty() && !found.matches("(?:these|this|those|the|them|it|boxes?|box around.*|a box.*|boxes around.*)")) {
                    return found;
                }
            }
        }
        return null;
    }

    private static String label(String words) {
        Matcher matcher = LABEL.matcher(words);
        return matcher.find() ? matcher.group(1).trim() : null;
    }

    private static String scale(String lower) {
        if (lower.matches("(?s).*(0\\s*-\\s*1000|per[ _]?mille|thousandths|box_2d).*")) {
            return "per_mille";
        }
        if (lower.matches("(?s).*\\bpixels?\\b.*")) {
            return "pixels";
        }
        if (lower.matches("(?s).*(normali[sz]ed|fractions?|0\\s*-\\s*1\\b).*")) {
            return "normalized";
        }
        return null;
    }

    /** The first JSON array in the text that holds boxes: four numbers, or a list of boxes. */
    private static ArrayNode boxes(String text) {
        for (int i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) {
            try {
                JsonNode node = JSON.readTree(text.substring(i));
                if (node instanceof ArrayNode array && !array.isEmpty()) {
                    if (array.size() == 4 && array.get(0).isNumber()) {
                        return asObjects(JSON.createArrayNode().add(array));
                    }
                    if (array.get(0).isArray() || array.get(0).isObject()) {
                        return asObjects(array);
                    }
                }
            } catch (Exception e) {
                // Not JSON from here (a "[y1, x1, …]" in the words, say): try the next bracket.
            }
        }
        return null;
    }

    /** Bare corner lists as the objects draw_boxes takes: {@code [x1, y1, x2, y2]} → {@code {"box": […]}}. */
    private static ArrayNode asObjects(ArrayNode boxes) {
        ArrayNode objects = JSON.createArrayNode();
        for (JsonNode box : boxes) {
            if (box.isArray()) {
                objects.addObject().set("box", box);
            } else {
                objects.add(box);
            }
        }
        return objects;
    }

    /** The words after the last closing bracket, which may still name a label or a scale. */
    private static String tail(String text) {
        int end = text.lastIndexOf(']');
        return end < 0 ? "" : text.substring(end + 1);
    }
}
