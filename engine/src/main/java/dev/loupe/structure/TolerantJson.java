package dev.loupe.structure;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the JSON object in a model's free text and reads it despite the usual slips.
 *
 * <p>Candidates, in order: fenced blocks tagged {@code json} (last first), other fenced blocks (last
 * first), then an object left open at the end of the text (an answer cut off by a token limit, closed
 * here), then the balanced top-level {@code {...}} spans of the whole text (last first) — models put
 * their final answer last. Each candidate is parsed leniently as it is, then again after
 * {@link JsonRepair}; the first one that yields an object wins.
 */
public final class TolerantJson {

    /**
     * A fenced block. The tag and the rest of its line are possessive ({@code *+}): with plain
     * quantifiers an unclosed fence followed by a long word backtracked in O(n³) — 45 ms for 200
     * characters, minutes for a few thousand (found by fuzzing). Giving back characters could not
     * help the match anyway: neither part holds a backtick, and the block's end is a backtick fence.
     */
    private static final Pattern FENCE = Pattern.compile("```([A-Za-z0-9_-]*+)[^\\n`]*+\\n?(.*?)```", Pattern.DOTALL);

    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_YAML_COMMENTS,
                    JsonReadFeature.ALLOW_SINGLE_QUOTES, JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES,
                    JsonReadFeature.ALLOW_TRAILING_COMMA, JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS,
                    JsonReadFeature.ALLOW_LEADING_PLUS_SIGN_FOR_NUMBERS,
                    JsonReadFeature.ALLOW_LEADING_DECIMAL_POINT_FOR_NUMBERS,
                    JsonReadFeature.ALLOW_TRAILING_DECIMAL_POINT_FOR_NUMBERS,
                    JsonReadFeature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private TolerantJson() {
    }

    /** The last JSON object in {@code text}, or the reason none could be read. Never throws. */
    public static Extraction extract(String text) {
        if (text == null || text.isBlank()) {
            return Extraction.failed("the text is empty");
        }
        List<Candidate> candidates = candidates(text);
        if (candidates.isEmpty()) {
            return Extraction.failed("no JSON object in the text");
        }
        String firstProblem = null;
        for (Candidate candidate : candidates) {
            try {
                return Extraction.found(parse(candidate));
            } catch (JsonProcessingException | IllegalArgumentException e) {
                if (firstProblem == null) {
                    firstProblem = firstLine(e);
                }
            }
        }
        return Extraction.failed("the JSON cannot be read: " + firstProblem);
    }

    /** A piece of text that may hold the object; {@code cutOff} when it is an object never closed. */
    private record Candidate(String text, boolean cutOff) {
    }

    private static List<Candidate> candidates(String text) {
        List<String> tagged = new ArrayList<>();
        List<String> untagged = new ArrayList<>();
        Matcher fence = FENCE.matcher(text);
        while (fence.find()) {
            String body = fence.group(2);
            if (fence.group(1).toLowerCase(Locale.ROOT).startsWith("json")) { // json, jsonc, json5
                tagged.add(0, body);
            } else if (body.contains("{")) {
                untagged.add(0, body);
            }
        }
        List<Candidate> candidates = new ArrayList<>();
        tagged.forEach(body -> candidates.add(new Candidate(body, false)));
        untagged.forEach(body -> candidates.add(new Candidate(body, false)));
        ObjectSpans spans = ObjectSpans.scan(text);
        spans.unclosed().ifPresent(tail -> candidates.add(new Candidate(tail, true)));
        List<String> closed = new ArrayList<>(spans.closed());
        Collections.reverse(closed);
        closed.forEach(span -> candidates.add(new Candidate(span, false)));
        return candidates;
    }

    private static ObjectNode parse(Candidate candidate) throws JsonProcessingException {
        String trimmed = candidate.text().strip();
        if (candidate.cutOff()) {
            return asObject(LENIENT.readTree(JsonRepair.complete(trimmed)));
        }
        try {
            return asObject(LENIENT.readTree(trimmed));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String repaired = JsonRepair.repair(trimmed);
            JsonNode node = LENIENT.readTree(repaired);
            return asObject(node);
        }
    }

    private static ObjectNode asObject(JsonNode node) {
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw new IllegalArgumentException("not a JSON object");
    }

    private static String firstLine(Exception e) {
        String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        if (message == null) {
            return e.getClass().getSimpleName();
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
