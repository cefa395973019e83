package dev.loupe.structure;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads everything a model's answer states: the JSON object in it (fields under other names
 * renamed), the fields it states in prose ("Verdict: …" lines, markdown tables) where the JSON has
 * none, and the prose itself. A reasoning model's {@code <think>} block is scratch work and is read
 * only when nothing else is there.
 */
final class AnswerReader {

    /**
     * What an answer states.
     *
     * @param stated  field → value as written (keys already the graph's names), or null when nothing was read
     * @param prose   the words outside JSON and labelled lines
     * @param problem why nothing was read (null when something was)
     */
    record Reading(ObjectNode stated, String prose, String problem) {
    }

    private static final Pattern THINK = Pattern.compile("(?s)<think>.*?(</think>|$)");
    private static final Pattern FENCED = Pattern.compile("(?s)```.*?(```|$)");

    private final FieldNames names;

    AnswerReader(FieldNames names) {
        this.names = names;
    }

    Reading read(String text, List<String> changes) {
        if (text == null || text.isBlank()) {
            return new Reading(null, "", "the text is empty");
        }
        String answer = THINK.matcher(text).replaceAll("").strip();
        if (answer.isEmpty()) {
            answer = text;
        }
        Extraction extraction = TolerantJson.extract(answer);
        ObjectNode stated = extraction.value().map(json -> names.rename(json, changes))
                .orElseGet(JsonNodeFactory.instance::objectNode);
        LabelledText.Result labelled = LabelledText.read(withoutJson(answer), names);
        labelled.values().fields().forEachRemaining(field -> {
            if (!stated.hasNonNull(field.getKey())) {
                stated.set(field.getKey(), field.getValue());
                changes.add(field.getKey() + ": read from the text (" + field.getValue() + ")");
            }
        });
        if (extraction.json() == null && stated.isEmpty()) {
            return new Reading(null, labelled.prose(), extraction.reason());
        }
        return new Reading(stated, labelled.prose(), null);
    }

    /** The text without fenced blocks and without the {...} spans in it. */
    private static String withoutJson(String text) {
        String unfenced = FENCED.matcher(text).replaceAll("\n");
        ObjectSpans spans = ObjectSpans.scan(unfenced);
        String rest = unfenced;
        for (String span : spans.closed()) {
            rest = rest.replace(span, "\n");
        }
        if (spans.unclosed().isPresent()) {
            rest = rest.replace(spans.unclosed().get(), "\n");
        }
        return rest;
    }
}
