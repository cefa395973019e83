package dev.loupe.cli;

import dev.loupe.graph.AnalysisResult;
import dev.loupe.tool.composition.CritiqueText;

import java.util.Locale;
import java.util.Map;

/** The human-readable summary of a result: the verdict first, then the evidence that carried it. */
final class ResultPrinter {

    private ResultPrinter() {
    }

    static String summary(AnalysisResult result) {
        StringBuilder out = new StringBuilder();
        Object name = result.image().getOrDefault("name", "image");
        if (CritiqueText.applies(result.output())) {
            out.append(CritiqueText.render(name, result.output()));
        } else {
            out.append(String.format(Locale.ROOT, "%s: %s (%s), confidence %.2f%n", name,
                    result.verdict().toUpperCase(Locale.ROOT), result.category(), result.confidence()));
            out.append("  ").append(result.rationale()).append('\n');
        }
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
        out.append(String.format(Locale.ROOT, "  thread %s · models %s · %.2f s · %d tokens",
                result.threadId(), String.join("/", new java.util.LinkedHashSet<>(result.models().values())),
                result.timings().getOrDefault("total", 0.0),
                ((Number) result.tokenUsage().get("total").get("total")).longValue()));
        return out.toString();
    }
}
