package dev.loupe.structure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The {@code {...}} spans of a text, braces inside double-quoted strings ignored: the balanced
 * top-level ones, and the object left open at the end when a model's answer was cut off. One pass
 * with a stack, so a stray "{" in the prose before the JSON does not hide the object that follows
 * it, and hostile input costs linear time.
 *
 * @param closed   the outermost balanced spans, in text order
 * @param unclosed the text from the first "{" after the last balanced span that is never closed, if any
 */
record ObjectSpans(List<String> closed, Optional<String> unclosed) {

    static ObjectSpans scan(String text) {
        List<int[]> spans = new ArrayList<>();
        int[] openers = new int[Math.min(text.length(), 1024) + 1];
        int depth = 0;
        boolean inString = false;
        boolean smartString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"' || smartString && c == '”') {
                    inString = false;
                }
            } else if (c == '{') {
                if (depth == openers.length) {
                    openers = Arrays.copyOf(openers, depth * 2);
                }
                openers[depth++] = i;
            } else if (c == '}' && depth > 0) {
                int start = openers[--depth];
                // Spans closed earlier that start after this one are nested in it: drop them.
                while (!spans.isEmpty() && spans.get(spans.size() - 1)[0] > start) {
                    spans.remove(spans.size() - 1);
                }
                spans.add(new int[] {start, i + 1});
            } else if ((c == '"' || c == '“') && depth > 0) {
                // Quotes only count inside an object: in prose they are just punctuation.
                inString = true;
                smartString = c == '“';
            }
        }
        int lastEnd = spans.isEmpty() ? 0 : spans.get(spans.size() - 1)[1];
        Optional<String> unclosed = Optional.empty();
        for (int k = 0; k < depth; k++) {
            if (openers[k] >= lastEnd) {
                unclosed = Optional.of(text.substring(openers[k]));
                break;
            }
        }
        return new ObjectSpans(spans.stream().map(s -> text.substring(s[0], s[1])).toList(), unclosed);
    }
}
