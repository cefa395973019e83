package dev.loupe.tool.composition;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The composition graph's result as a person reads it on the command line: score, principles, suggestions. */
public final class CritiqueText {

    private CritiqueText() {
    }

    /** Whether {@code output} is a composition critique (it has principles and suggestions). */
    public static boolean applies(Map<String, Object> output) {
        return output.containsKey("principles") && output.containsKey("suggestions");
    }

    public static String render(Object name, Map<String, Object> output) {
        StringBuilder out = new StringBuilder();
        Object overall = output.get("overall_score");
        out.append(String.format(Locale.ROOT, "%s: composition %s/10%n", name,
                overall instanceof Number n ? String.format(Locale.ROOT, "%.1f", n.doubleValue()) : "–"));
        out.append("  ").append(output.getOrDefault("summary", "")).append('\n');
        if (output.get("answer") != null) {
            out.append("  answer: ").append(output.get("answer")).append('\n');
        }
        for (Map<?, ?> p : maps(output.get("principles"))) {
            Object score = p.get("score");
            out.append(String.format(Locale.ROOT, "    %4s %s: %s%n",
                    score instanceof Number n ? String.format(Locale.ROOT, "%.0f", n.doubleValue()) : "?",
                    p.get("principle"), p.get("assessment")));
        }
        if (output.get("not_judged") instanceof List<?> unjudged) {
            unjudged.forEach(line -> out.append("    not judged: ").append(line).append('\n'));
        }
        List<Map<?, ?>> suggestions = maps(output.get("suggestions"));
        if (!suggestions.isEmpty()) {
            out.append("  suggestions:\n");
            for (Map<?, ?> s : suggestions) {
                out.append("    - ").append(s.get("suggestion")).append("\n      [").append(s.get("measure")).append("; ")
                        .append(s.get("passage") == null ? "no passage" : s.get("passage")).append("]\n");
            }
        }
        return out.toString();
    }

    private static List<Map<?, ?>> maps(Object value) {
        return value instanceof List<?> list ? list.stream().filter(Map.class::isInstance).<Map<?, ?>>map(Map.class::cast).toList()
                : List.of();
    }
}
