package dev.loupe.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The differences between two JSON documents, path by path, ignoring fields that change on every
 * run by nature (thread ids, wall-clock timings, artefact paths).
 */
public final class JsonDiff {

    private static final int MAX_VALUE_CHARS = 120;

    private final Set<String> ignored;

    public JsonDiff(Set<String> ignoredFields) {
        this.ignored = Set.copyOf(ignoredFields);
    }

    public List<String> differences(JsonNode before, JsonNode after) {
        List<String> out = new ArrayList<>();
        compare("", before, after, out);
        return out;
    }

    private void compare(String path, JsonNode a, JsonNode b, List<String> out) {
        if (a == null || a.isMissingNode()) {
            if (b != null && !b.isMissingNode() && !b.isNull()) {
                out.add(label(path) + ": (absent) → " + show(b));
            }
            return;
        }
        if (b == null || b.isMissingNode()) {
            if (!a.isNull()) {
                out.add(label(path) + ": " + show(a) + " → (absent)");
            }
            return;
        }
        if (a.isObject() && b.isObject()) {
            Set<String> names = new TreeSet<>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                if (!ignored.contains(name)) {
                    compare(path + "/" + name, a.get(name), b.get(name), out);
                }
            }
        } else if (a.isArray() && b.isArray()) {
            int n = Math.max(a.size(), b.size());
            for (int i = 0; i < n; i++) {
                compare(path + "/" + i, a.get(i), b.get(i), out);
            }
        } else if (a.isNumber() && b.isNumber()) {
            if (a.doubleValue() != b.doubleValue()) {
                out.add(label(path) + ": " + show(a) + " → " + show(b));
            }
        } else if (!a.equals(b)) {
            out.add(label(path) + ": " + show(a) + " → " + show(b));
        }
    }

    private static String label(String path) {
        return path.isEmpty() ? "/" : path;
    }

    private static String show(JsonNode node) {
        String text = node.toString();
        return text.length() > MAX_VALUE_CHARS ? text.substring(0, MAX_VALUE_CHARS) + "…" : text;
    }

    static boolean isEmpty(Iterator<?> iterator) {
        return !iterator.hasNext();
    }
}
