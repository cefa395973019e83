package dev.loupe.cli;

import dev.loupe.graph.AnalysisResult;

import java.util.Locale;
import java.util.Map;

/** The human-readable summary of a result: the verdict first, then the evidence that carried it. */
final class ResultPrinter {

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private ResultPrinter() {
    }

    static String summary(AnalysisResult result) {
        StringBuilder out = new StringBuilder();
        Object name = result.image().getOrDefault("name", "image");
        if (!result.output().containsKey("verdict")) {
            return fields(result, name, out);
        }
        out.append(String.format(Locale.ROOT, "%s: %s (%s), confidence %.2f%n", name,
                result.verdict().toUpperCase(Locale.ROOT), result.category(), result.confidence()));
        out.append("  ").append(result.rationale()).append('\n');
        if (!result.evidence().isEmpty()) {
            out.append("  evidence:\n");
            for (Map<String, Object> item : result.evidence()) {
                Object weight = item.get("weight");
                String signed = weight instanceof Number n ? String.format(Locale.ROOT, "%+.1f ", n.doubleValue()) : "";
                out.append("    ").append(signed).append('[').append(item.get("tool")).append("] ")
                        .append(item.get("finding")).append('\n');
            }
        }
        result.flags().forEach((flag, on) -> {
            if (on) {
                out.append("  note: ").append(flag.replace('_', ' ')).append('\n');
            }
        });
        Object error = result.output().get("structuring_error");
        if (error != null) {
            out.append("  structuring error: ").append(error).append('\n');
        }
        return footer(result, out);
    }

    /** A graph without a verdict (detect, say): its summary, then every other field, lists one item a line. */
    private static String fields(AnalysisResult result, Object name, StringBuilder out) {
        out.append(name).append(": ").append(result.output().getOrDefault("summary", "")).append('\n');
        result.output().forEach((field, value) -> {
            if (field.equals("summary") || value == null) {
                return;
            }
            if (value instanceof java.util.List<?> list) {
                out.append("  ").append(field).append(list.isEmpty() ? ": none" : ":").append('\n');
                list.forEach(item -> out.append("    ").append(JSON.valueToTree(item).toString()).append('\n'));
            } else {
                out.append("  ").append(field).append(": ").append(value).append('\n');
            }
        });
        return footer(result, out);
    }

    private static String footer(AnalysisResult result, StringBuilder out) {
        out.append(String.format(Locale.ROOT, "  thread %s · models %s · %.2f s · %d tokens",
                result.threadId(), String.join("/", new java.util.LinkedHashSet<>(result.models().values())),
                result.timings().getOrDefault("total", 0.0),
                ((Number) result.tokenUsage().get("total").get("total")).longValue()));
        return out.toString();
    }
}
